import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffInvitationSchema, staffMemberSchema, type StaffInvitation, type StaffMember } from '@taxportal/contract';
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
    // Typed without a pause between keys: the search's own debounce is what the test waits on.
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<StaffPage />);

    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(20), { timeout: 5_000 });
    expect(screen.getAllByTestId('staff-member')[0]).toHaveAttribute('data-email', 'member-00@firm.test');
    expect(screen.getByTestId('staff-total')).toHaveTextContent('45');
    await user.click(screen.getByTestId('staff-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(40), { timeout: 5_000 });
    await user.click(screen.getByTestId('staff-load-more'));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(45), { timeout: 5_000 });
    expect(screen.queryByTestId('staff-load-more')).toBeNull();
    const pages = calls.filter((c) => c.path === '/admin/staff').map((c) => c.query.get('cursor'));
    expect(pages).toEqual([null, '20', '40']);

    // The search goes to the server once typing pauses, and starts from the first page.
    await user.type(screen.getByTestId('staff-search'), 'riley 1');
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(4), { timeout: 5_000 });
    expect(calls.at(-1)!.query.get('q')).toBe('riley 1');
    expect(calls.at(-1)!.query.get('cursor')).toBeNull();
    expect(screen.getByTestId('staff-total')).toHaveTextContent('4');

    await user.clear(screen.getByTestId('staff-search'));
    await user.click(screen.getByTestId('staff-role-filter'));
    await user.click(await screen.findByRole('option', { name: 'Reviewer', hidden: true }));
    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(15), { timeout: 5_000 });
    expect(calls.at(-1)!.query.get('role')).toBe('Reviewer');
    expect(screen.getAllByTestId('staff-member').every((r) => r.textContent?.includes('Riley'))).toBe(true);

    await user.type(screen.getByTestId('staff-search'), 'nobody');
    expect(await screen.findByTestId('staff-no-match', {}, { timeout: 5_000 })).toHaveTextContent(
      'No staff member matches.',
    );
    expect(screen.queryAllByTestId('staff-member')).toHaveLength(0);
    // Four pages of up to 45 rows, searched and filtered: a long walk for a busy 2-core runner.
  }, 45_000);

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

describe('pending invitations on the staff page', () => {
  const invitation = (id: string, email: string): StaffInvitation =>
    staffInvitationSchema.parse({
      id,
      email,
      roles: ['Reviewer'],
      created_at: '2026-03-01T09:00:00.000Z',
      expires_at: '2026-03-08T09:00:00.000Z',
    });

  it('each can be resent and revoked (after a confirmation); a toast says so and the list is asked again', async () => {
    let invitations = [invitation('i1', 'ivy@firm.test'), invitation('i2', 'otto@firm.test')];
    const calls = mockApi({
      'GET /auth/session': () => json(200, admin),
      'GET /admin/staff': () => json(200, { items: members.slice(0, 3), next_cursor: null, total: 3, invitations }),
      'GET /admin/site/editors': () => json(200, { items: [] }),
      'POST /admin/staff/invitations/i1/resend': () => {
        invitations = [{ ...invitations[0]!, expires_at: '2026-03-20T09:00:00.000Z' }, invitations[1]!];
        return json(200, invitations[0]);
      },
      'DELETE /admin/staff/invitations/i2': () => {
        invitations = invitations.filter((i) => i.id !== 'i2');
        return json(204, null);
      },
    });
    const listed = () => calls.filter((c) => c.method === 'GET' && c.path === '/admin/staff').length;
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    await waitFor(() => expect(screen.getAllByTestId('staff-invitation')).toHaveLength(2));
    const row = (email: string) =>
      screen.getAllByTestId('staff-invitation').find((r) => r.getAttribute('data-email') === email)!;
    expect(row('ivy@firm.test')).toHaveTextContent('Reviewer');

    // Resend: one request, no confirmation, a toast, and the list (with the new expiry) asked again.
    const before = listed();
    await user.click(within(row('ivy@firm.test')).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Invitation sent again to ivy@firm.test. The earlier link no longer works.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/admin/staff/invitations/i1/resend']);
    await waitFor(() => expect(listed()).toBeGreaterThan(before));

    // Revoke: asks first; Cancel sends nothing.
    await user.click(within(row('otto@firm.test')).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByTestId('confirm-revoke-invitation');
    expect(dialog).toHaveTextContent('Revoke the invitation to otto@firm.test? Its link stops working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(row('otto@firm.test')).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByTestId('confirm-revoke-invitation')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('Invitation to otto@firm.test revoked')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/admin/staff/invitations/i2']);
    await waitFor(() => expect(screen.getAllByTestId('staff-invitation')).toHaveLength(1));
    expect(screen.getByTestId('staff-invitation')).toHaveAttribute('data-email', 'ivy@firm.test');
  });

  it("a refused resend shows the server's text and changes nothing", async () => {
    const detail = 'This invitation was sent less than a minute ago. Please wait before sending it again.';
    mockApi({
      'GET /auth/session': () => json(200, admin),
      'GET /admin/staff': () =>
        json(200, { items: [], next_cursor: null, total: 0, invitations: [invitation('i1', 'max@firm.test')] }),
      'GET /admin/site/editors': () => json(200, { items: [] }),
      'POST /admin/staff/invitations/i1/resend': () =>
        json(429, { type: 'rate-limited', title: 'Too many requests', status: 429, detail }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);
    await user.click(await screen.findByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(screen.queryByText(/Invitation sent again to max/)).toBeNull();
    expect(screen.getAllByTestId('staff-invitation')).toHaveLength(1);
  });
});
