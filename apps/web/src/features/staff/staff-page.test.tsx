import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffMemberSchema, type StaffMember } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { StaffPage } from './staff-page.tsx';

const admin = aSession({
  user: { id: 'a1', full_name: 'Avery Admin', email: 'avery@x.test', phone: null },
  roles: ['Admin'],
  login_role: 'Admin',
});

/** 45 staff, in the server's order (by name): 15 of each of three roles. */
const members: StaffMember[] = Array.from({ length: 45 }, (_, i) => {
  const role = (['Reviewer', 'Tax Preparer', 'Customer Care Department'] as const)[i % 3]!;
  const n = String(i).padStart(2, '0');
  return staffMemberSchema.parse({
    id: `u${n}`,
    full_name: `Member ${n} ${role === 'Reviewer' ? 'Riley' : role === 'Tax Preparer' ? 'Parker' : 'Cameron'}`,
    email: `member-${n}@firm.test`,
    roles: [role],
    state: 'active',
    created_at: '2026-01-01T00:00:00.000Z',
  });
});

/** The server's list (staff.service.ts listStaff) over `members`: every word, by role, `limit` at a time. */
function staffApi(call: Call) {
  const words = (call.query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const role = call.query.get('role');
  const limit = Number(call.query.get('limit') ?? 20);
  const from = Number(call.query.get('cursor') ?? 0);
  const matching = members.filter(
    (m) =>
      (!role || m.roles.includes(role as StaffMember['roles'][number])) &&
      words.every((w) => m.full_name.toLowerCase().includes(w) || m.email.toLowerCase().includes(w)),
  );
  const next = from + limit < matching.length ? String(from + limit) : null;
  return json(200, {
    items: matching.slice(from, from + limit),
    next_cursor: next,
    total: matching.length,
    invitations: [],
  });
}

describe('the staff page asks the server for a page of staff at a time', () => {
  it('shows 20 rows and the total; Load more adds the next page; the search and the role ask again', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, admin),
      'GET /admin/staff': staffApi,
      'GET /admin/site/editors': () => json(200, { items: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);

    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(20));
    expect(screen.getAllByTestId('staff-member')[0]).toHaveAttribute('data-email', 'member-00@firm.test');
    expect(screen.getByTestId('staff-total')).toHaveTextContent('45');
    await user.click(screen.getByTestId('staff-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(40));
    await user.click(screen.getByTestId('staff-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(45));
    expect(screen.queryByTestId('staff-load-more')).toBeNull();
    const pages = calls.filter((c) => c.path === '/admin/staff').map((c) => c.query.get('cursor'));
    expect(pages).toEqual([null, '20', '40']);

    // The search goes to the server once typing pauses, and starts from the first page.
    await user.type(screen.getByTestId('staff-search'), 'riley 1');
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(4));
    expect(calls.at(-1)!.query.get('q')).toBe('riley 1');
    expect(calls.at(-1)!.query.get('cursor')).toBeNull();
    expect(screen.getByTestId('staff-total')).toHaveTextContent('4');

    await user.clear(screen.getByTestId('staff-search'));
    await user.click(screen.getByTestId('staff-role-filter'));
    await user.click(await screen.findByRole('option', { name: 'Reviewer', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(15));
    expect(calls.at(-1)!.query.get('role')).toBe('Reviewer');
    expect(screen.getAllByTestId('staff-member').every((r) => r.textContent?.includes('Riley'))).toBe(true);

    await user.type(screen.getByTestId('staff-search'), 'nobody');
    expect(await screen.findByTestId('staff-no-match')).toHaveTextContent('No staff member matches.');
    expect(screen.queryAllByTestId('staff-member')).toHaveLength(0);
  });

  it('refuses anyone but an Admin, and does not ask for the staff list', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession()),
      'GET /admin/staff': staffApi,
    });
    renderWithProviders(<StaffPage />);
    expect(await screen.findByText('You do not have permission to see this page.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('staff-member')).toHaveLength(0);
    expect(calls.some((c) => c.path.startsWith('/admin/'))).toBe(false);
  });
});
