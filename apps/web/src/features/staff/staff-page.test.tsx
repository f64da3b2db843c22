import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { staffMemberSchema, type StaffMember } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { filterStaff, pageOf } from './staff-filter.ts';
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

describe('filterStaff and pageOf', () => {
  it('matches every typed word in the name or the e-mail, any case, within the role chosen', () => {
    expect(filterStaff(members, 'MEMBER-07@', null).map((m) => m.id)).toEqual(['u07']);
    expect(filterStaff(members, 'riley 1', null).map((m) => m.id)).toEqual(['u12', 'u15', 'u18', 'u21']);
    expect(filterStaff(members, '', 'Tax Preparer')).toHaveLength(15);
    expect(filterStaff(members, 'parker', 'Reviewer')).toEqual([]);
    expect(filterStaff(members, '   ', null)).toHaveLength(45);
  });

  it('cuts pages of 20 and keeps a page past the end on the last one', () => {
    expect(pageOf(members, 1)).toMatchObject({ pages: 3, page: 1 });
    expect(pageOf(members, 3).rows.map((m) => m.id)).toEqual(['u40', 'u41', 'u42', 'u43', 'u44']);
    expect(pageOf(members, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], pages: 1, page: 1 });
  });
});

describe('the staff page draws a page of staff at a time', () => {
  it('shows 20 rows with named page links; the search and the role narrow the list and start again at page 1', async () => {
    mockApi({
      'GET /auth/session': () => json(200, admin),
      'GET /admin/staff': () => json(200, { items: members, invitations: [] }),
      'GET /admin/site/editors': () => json(200, { items: [] }),
    });
    const user = userEvent.setup();
    renderWithProviders(<StaffPage />);

    await waitFor(() => expect(screen.getAllByTestId('staff-member')).toHaveLength(20));
    expect(screen.getAllByTestId('staff-member')[0]).toHaveAttribute('data-email', 'member-00@firm.test');
    const pages = screen.getByRole('navigation', { name: 'Pages of staff' });
    await user.click(within(pages).getByRole('button', { name: '3' }));
    expect(screen.getAllByTestId('staff-member').map((r) => r.dataset.email)).toEqual(
      [40, 41, 42, 43, 44].map((n) => `member-${n}@firm.test`),
    );

    // A search that still matches all 45 starts again at page 1.
    await user.type(screen.getByTestId('staff-search'), '@firm');
    expect(screen.getAllByTestId('staff-member')[0]).toHaveAttribute('data-email', 'member-00@firm.test');
    await user.click(within(screen.getByRole('navigation', { name: 'Pages of staff' })).getByLabelText('Next page'));
    expect(screen.getAllByTestId('staff-member')[0]).toHaveAttribute('data-email', 'member-20@firm.test');

    // So does a role: 15 Reviewers, on one page.
    await user.click(screen.getByTestId('staff-role-filter'));
    await user.click(await screen.findByRole('option', { name: 'Reviewer', hidden: true }));
    expect(screen.getAllByTestId('staff-member')).toHaveLength(15);
    expect(screen.getAllByTestId('staff-member').every((r) => r.textContent?.includes('Riley'))).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Pages of staff' })).toBeNull();

    await user.clear(screen.getByTestId('staff-search'));
    await user.type(screen.getByTestId('staff-search'), 'riley 1');
    expect(screen.getAllByTestId('staff-member')).toHaveLength(4);

    await user.clear(screen.getByTestId('staff-search'));
    await user.type(screen.getByTestId('staff-search'), 'nobody');
    expect(screen.getByTestId('staff-no-match')).toHaveTextContent('No staff member matches.');
    expect(screen.queryAllByTestId('staff-member')).toHaveLength(0);
    // The count beside the title stays the whole staff's.
    expect(screen.getByText('45')).toBeInTheDocument();
  });

  it('refuses anyone but an Admin, and does not ask for the staff list', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession()),
      'GET /admin/staff': () => json(200, { items: members, invitations: [] }),
    });
    renderWithProviders(<StaffPage />);
    expect(await screen.findByText('You do not have permission to see this page.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('staff-member')).toHaveLength(0);
    expect(calls.some((c) => c.path.startsWith('/admin/'))).toBe(false);
  });
});
