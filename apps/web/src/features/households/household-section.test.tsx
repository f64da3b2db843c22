import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { householdSchema, type Household } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { HouseholdView } from './household-section.tsx';

/**
 * Profile → Household (docs/decisions/0032): outside a household, the invitation sent (withdraw it) and the form to
 * invite the spouse (the server's field messages under their fields); an invitation received, to accept or decline;
 * inside one, its members and leaving it after a confirmation.
 */
const EMPTY: Household = householdSchema.parse({ members: [], sent: [], received: [] });
const sent = householdSchema.parse({
  members: [],
  received: [],
  sent: [
    {
      id: 'inv-1',
      full_name: 'Sam Spouse',
      email: 'sam@example.test',
      created_at: '2026-03-01T10:00:00.000Z',
      expires_at: '2026-03-08T10:00:00.000Z',
    },
  ],
});
const received = householdSchema.parse({
  members: [],
  sent: [],
  received: [
    {
      id: 'inv-2',
      from: { full_name: 'Alex Primary', email: 'alex@example.test' },
      created_at: '2026-03-01T10:00:00.000Z',
      expires_at: '2026-03-08T10:00:00.000Z',
    },
  ],
});
const together = householdSchema.parse({
  members: [
    { id: 'me', full_name: 'Alex Primary', email: 'alex@example.test', role: 'primary', joined_at: '2026-03-01' },
    { id: 'u2', full_name: 'Sam Spouse', email: 'sam@example.test', role: 'spouse', joined_at: '2026-03-01' },
  ],
  sent: [],
  received: [],
});

describe('Profile → Household', () => {
  it('shows the invitation sent and withdraws it', async () => {
    const calls = mockApi({ 'DELETE /household/invitations/inv-1': () => json(204, null) });
    renderWithProviders(<HouseholdView household={sent} me="me" />);
    const card = await screen.findByTestId('household-sent');
    expect(card).toHaveTextContent('Invitation sent to Sam Spouse');
    expect(card).toHaveTextContent('sam@example.test');
    expect(screen.getByTestId('household-invite-form')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByTestId('household-withdraw'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('invites the spouse by name and e-mail, and shows the server’s message under its field', async () => {
    let answer = json(422, {
      type: 'about:blank',
      title: 'Invalid',
      status: 422,
      detail: 'This is your own e-mail address. Enter your spouse’s.',
      errors: [{ field: 'email', message: 'This is your own e-mail address. Enter your spouse’s.' }],
    });
    const calls = mockApi({ 'POST /household/invitations': () => answer });
    renderWithProviders(<HouseholdView household={EMPTY} me="me" />);
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('household-invite-name'), 'Sam Spouse');
    await user.type(screen.getByTestId('household-invite-email'), 'me@example.test');
    await user.click(screen.getByTestId('household-invite-submit'));
    expect(await screen.findByText('This is your own e-mail address. Enter your spouse’s.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      full_name: 'Sam Spouse',
      email: 'me@example.test',
    });
    answer = json(202, sent);
    await user.clear(screen.getByTestId('household-invite-email'));
    await user.type(screen.getByTestId('household-invite-email'), 'sam@example.test');
    await user.click(screen.getByTestId('household-invite-submit'));
    await waitFor(() => expect(screen.getByTestId('household-invite-email')).toHaveValue(''));
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      full_name: 'Sam Spouse',
      email: 'sam@example.test',
    });
  });

  it('accepts an invitation received, once for a double tap, and still offers to invite their own spouse', async () => {
    const calls = mockApi({ 'POST /household/invitations/inv-2/accept': () => json(200, together) });
    renderWithProviders(<HouseholdView household={received} me="me" />);
    const card = await screen.findByTestId('household-received');
    expect(card).toHaveTextContent('Alex Primary (alex@example.test) invites you to join their household.');
    // The invitation may be from someone else: inviting their own spouse stays possible.
    expect(screen.getByTestId('household-invite-form')).toBeInTheDocument();
    await userEvent.setup().dblClick(within(card).getByTestId('household-accept'));
    await waitFor(() => expect(calls.some((c) => c.path === '/household/invitations/inv-2/accept')).toBe(true));
    expect(calls.filter((c) => c.path === '/household/invitations/inv-2/accept')).toHaveLength(1);
  });

  it('lists the members, with no invitation form, and leaves after a confirmation', async () => {
    const calls = mockApi({ 'POST /household/leave': () => json(200, EMPTY) });
    renderWithProviders(<HouseholdView household={together} me="me" />);
    const members = await screen.findAllByTestId('household-member');
    expect(members.map((m) => m.textContent)).toEqual([
      expect.stringContaining('Alex Primary (You)'),
      expect.stringContaining('Sam Spouse'),
    ]);
    expect(members[1]).toHaveTextContent('Spouse');
    expect(screen.queryByTestId('household-invite-form')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('household-leave'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave household' });
    expect(calls.some((c) => c.path === '/household/leave')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Leave household' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/household/leave')).toBe(true));
  });
});
