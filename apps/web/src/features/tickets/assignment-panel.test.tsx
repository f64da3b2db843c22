import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TicketDetail } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession, aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';

/** A preparer who is also Customer Care: either role makes them assignable. */
const session = aSession({
  user: { id: 'p1', full_name: 'Parker Preparer', email: 'p@x.test', phone: null },
  roles: ['Customer Care Department', 'Tax Preparer'],
  login_role: 'Tax Preparer',
});
const ticket = aTicketDetail({
  id: 't1',
  name: 'TD.0007',
  version: 4,
  assignee: { id: 'r9', full_name: 'Riley Reviewer' },
});

function panelApi(over: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /auth/session': () => json(200, session),
    'GET /tickets/t1/assignments': () => json(200, { items: [] }),
    'POST /tickets/t1/assign': () =>
      json(200, { ...ticket, version: 5, assignee: { id: 'p1', full_name: 'Parker Preparer' } }),
    ...over,
  });
}

const render = (t: TicketDetail) => renderWithProviders(<AssignmentPanel ticket={t} />);

describe('AssignmentPanel: Assign to me', () => {
  it('one click assigns the ticket to the caller, at the version they saw, and says so', async () => {
    const calls = panelApi();
    render(ticket);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to Parker Preparer')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/tickets/t1/assign']);
    expect(posts[0]!.body).toEqual({ user_id: 'p1', expected_version: 4 });
    // No role or user had to be picked: the staff list was never asked for.
    expect(calls.some((c) => c.path === '/users')).toBe(false);
  });

  it("shows the server's refusal where the panel shows errors", async () => {
    const detail = 'Someone else changed this ticket while you were looking at it.';
    panelApi({
      'POST /tickets/t1/assign': () => json(409, { type: 'conflict', title: 'Conflict', status: 409, detail }),
    });
    render(ticket);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });

  it('is not offered while the ticket is the caller’s already, nor to someone without a staff role', async () => {
    /** Rendered, and every query (the session first of all) answered: what the panel offers now is final. */
    const settled = async (t: TicketDetail, calls: Call[]) => {
      const { queryClient, unmount } = render(t);
      await waitFor(() => expect(calls.some((c) => c.path === '/auth/session')).toBe(true));
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(screen.getByTestId('assignment-panel')).toBeInTheDocument();
      return unmount;
    };
    const unmount = await settled({ ...ticket, assignee: { id: 'p1', full_name: 'Parker Preparer' } }, panelApi());
    expect(screen.getByTestId('current-assignee')).toHaveTextContent('Parker Preparer');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unassign' })).toBeInTheDocument();
    unmount();

    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Customer'], login_role: 'Customer' })),
      'GET /tickets/t1/assignments': () => json(200, { items: [] }),
    });
    await settled(ticket, calls);
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });

  it('a cancelled ticket offers no assigning, only removing its assignee (outside tester)', async () => {
    const calls = panelApi({
      'POST /tickets/t1/assign': () => json(200, { ...ticket, status: 'Cancelled', assignee: null }),
    });
    render({ ...ticket, status: 'Cancelled', status_category: 'cancelled' });
    expect(await screen.findByTestId('assign-cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.queryByTestId('assign-role')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unassign' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { user_id: null, expected_version: 4 },
      ]),
    );
  });
});
