import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizerAnswers } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { anOrganizer, puts, renderPage, savedAs, session, type SavedBody } from './organizer-page.fixtures.tsx';

/**
 * What a save takes and what happens when it is refused (an outside tester's findings, issue 32): another tab saved
 * first (409) → the latest answers, this page's changes named and offered again; a count typed as the question says;
 * an SSN nobody issues refused on the device.
 */
const conflict = () =>
  json(409, {
    type: 'https://taxportal.dev/problems/conflict',
    title: 'Conflict',
    status: 409,
    detail: 'These answers were changed in another tab or window since you opened them.',
  });

/** A ticket whose answers another tab saves after this page read them: its first PUT is refused, once. */
function twoTabs() {
  let theirs: OrganizerAnswers | null = null;
  let refused = false;
  const calls = mockApi({
    'GET /auth/session': () => json(200, session),
    'GET /tickets/TD.0001/organizer': () =>
      theirs ? json(200, anOrganizer(theirs, 3, null, 1)) : json(200, anOrganizer({ has_w2: false })),
    'PUT /tickets/TD.0001/organizer': (c) => {
      if (!refused) {
        refused = true;
        // Meanwhile the other tab answered "yes" to the employer question and saved.
        theirs = { has_w2: true, employers: [], filing_status: 'single' };
        return conflict();
      }
      return json(200, savedAs(c));
    },
    'GET /documents': () => json(200, { items: [], next_cursor: null }),
  });
  return calls;
}

describe('two tabs on one organizer', () => {
  it('takes the latest answers, names the changes not saved, and applies them again on request', async () => {
    const calls = twoTabs();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(within(await screen.findByTestId('q-sold_stock')).getByLabelText('Yes'));

    const alert = await screen.findByTestId('organizer-conflict');
    expect(alert).toHaveTextContent('Changed in another tab or window');
    expect(within(alert).getByTestId('organizer-conflict-questions')).toHaveTextContent('Did you sell stock?');
    expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'conflict');
    // The page now shows the other tab's answers: its "yes" to the employer question, and not this tab's stock sale.
    expect(within(screen.getByTestId('q-has_w2')).getByLabelText('Yes')).toBeChecked();
    expect(within(screen.getByTestId('q-sold_stock')).getByLabelText('Yes')).not.toBeChecked();
    expect(calls.filter((c) => c.path === '/tickets/TD.0001/organizer' && c.method === 'GET')).toHaveLength(2);
    expect(puts(calls)).toHaveLength(1);

    await user.click(within(alert).getByTestId('organizer-conflict-apply'));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    // Theirs and this page's own change, from the revision read again.
    expect(puts(calls)[1]!.body).toEqual({
      version: 3,
      revision: 1,
      answers: { has_w2: true, employers: [], filing_status: 'single', sold_stock: true },
    } satisfies SavedBody);
    await waitFor(() => expect(screen.queryByTestId('organizer-conflict')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'saved'));
  });

  it('lets the changes go on "Keep the latest answers": nothing is sent', async () => {
    const calls = twoTabs();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(within(await screen.findByTestId('q-sold_stock')).getByLabelText('Yes'));
    await user.click(await screen.findByTestId('organizer-conflict-keep'));
    expect(screen.queryByTestId('organizer-conflict')).toBeNull();
    expect(within(screen.getByTestId('q-sold_stock')).getByLabelText('Yes')).not.toBeChecked();
    // The next answer saves from the revision read again.
    await user.click(within(screen.getByTestId('q-sold_stock')).getByLabelText('No'));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toMatchObject({ revision: 1, answers: { has_w2: true, sold_stock: false } });
  });
});

describe('answers as the question says', () => {
  const api = () =>
    mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () => json(200, anOrganizer({})),
      'PUT /tickets/TD.0001/organizer': (c) => json(200, savedAs(c)),
      'GET /documents': () => json(200, { items: [], next_cursor: null }),
    });

  it('a count takes neither decimals nor a minus, and comes back within its range', async () => {
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-family'));
    const size = await screen.findByLabelText('People in your household');
    await user.type(size, '-4.5');
    expect(size).toHaveValue('45');
    await user.tab();
    // Past its largest (30): back to it when the field is left.
    await waitFor(() => expect(size).toHaveValue('30'));
    await waitFor(() => expect(puts(calls).at(-1)?.body).toMatchObject({ answers: { household_size: 30 } }));
    expect(puts(calls).every((c) => Number.isInteger((c.body as SavedBody).answers.household_size))).toBe(true);
  });

  it('refuses an SSN nobody issues on the device, in words, and sends nothing', async () => {
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    const ssn = await screen.findByTestId('q-ssn');
    await user.type(ssn, '000-00-0000');
    await user.tab();
    expect(await screen.findByText('This is not an SSN or ITIN that can exist: check the number.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    await user.clear(screen.getByTestId('q-ssn'));
    await user.type(screen.getByTestId('q-ssn'), '123 45 6789');
    await user.tab();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]!.body as SavedBody).answers.ssn).toBe('123 45 6789');
  });
});
