import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ticketProfileSchema, type TicketProfile } from '@taxportal/contract';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { getIn, setIn } from './questionnaire-autosave.ts';
import { QuestionnairePage } from './questionnaire-page.tsx';
import { SAVED_POPUP_MS } from './questionnaire-saved-popup.tsx';

const session = aSession({
  user: { id: 'c1', full_name: 'Casey Customer', email: 'c@x.test', phone: null },
  roles: ['Customer'],
  login_role: 'Customer',
});
const empty = { answers: {}, updated_at: null, carried_over: false };
const profile = (taxPayer: Record<string, unknown> = {}): TicketProfile =>
  ticketProfileSchema.parse({
    ticket_id: 't1',
    ticket_name: 'TD.0001',
    customer_id: 'c1',
    customer_name: 'Casey Customer',
    year: 2024,
    sections: {
      tax_payer: { answers: taxPayer, progress: { answered: 0, required: 8 }, updated_at: null, carried_over: false },
      investment: { ...empty, progress: { answered: 0, required: 9 } },
      expense: { ...empty, progress: { answered: 0, required: 9 } },
      global_asset: { ...empty, progress: { answered: 0, required: 2 } },
    },
    completion: 0,
    prefilled_from: null,
    document_sections: ['investment', 'expense', 'global_asset'],
    fbar: { total_highest_balance_usd: 0, threshold_usd: 10000, exceeds_threshold: false },
  });

/** No organizer applies to the ticket: the page is the questionnaire (issue 32). */
const noOrganizer = () => json(200, { ticket_id: 't1', organizer: null });

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/form/:id" element={<QuestionnairePage />} />
    </Routes>,
    { route: '/form/TD.0001' },
  );

describe('setIn / getIn', () => {
  it('sets a nested value without touching the original, creating lists and objects on the way', () => {
    const a = { spouse: { first_name: 'Sam' } };
    const b = setIn(a, ['spouse', 'last_name'], 'Able');
    expect(b).toEqual({ spouse: { first_name: 'Sam', last_name: 'Able' } });
    expect(a).toEqual({ spouse: { first_name: 'Sam' } });
    expect(setIn({}, ['w2_jobs', 0, 'employer'], 'Acme')).toEqual({ w2_jobs: [{ employer: 'Acme' }] });
    expect(getIn({ w2_jobs: [{ employer: 'Acme' }] }, ['w2_jobs', 0, 'employer'])).toBe('Acme');
    expect(getIn({}, ['address', 'city'])).toBeUndefined();
  });
});

describe('QuestionnairePage: autosave', () => {
  it("saves an answer on blur and shows 'Saved' for 2.5 seconds", async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': noOrganizer,
      'GET /tickets/TD.0001/profile': () => json(200, profile()),
      'PUT /tickets/TD.0001/profile/tax_payer': (c) => json(200, profile(c.body as Record<string, unknown>)),
    });
    renderPage();
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    // When the popup enters the DOM, stamped by an observer: findBy's polling notices it late on a busy runner,
    // which would make the popup look shorter-lived than it was.
    let shownAt = 0;
    const observer = new MutationObserver(() => {
      if (!shownAt && document.querySelector('[data-testid="saved-popup"]')) shownAt = Date.now();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.type(first, 'Casey');
    await user.tab();
    const popup = await screen.findByTestId('saved-popup');
    observer.disconnect();
    expect(shownAt).toBeGreaterThan(0);
    expect(popup).toHaveTextContent('Saved');
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]!.body).toEqual({ first_name: 'Casey' });
    await waitFor(() => expect(screen.queryByTestId('saved-popup')).toBeNull(), { timeout: SAVED_POPUP_MS + 1500 });
    // Its timer starts as the save answers; on a loaded runner the popup reaches the DOM a little after (seen: 130 ms).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(SAVED_POPUP_MS - 300);
  });

  it('refuses an SSN that is not nine digits on the device, and shows a saved one masked', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': noOrganizer,
      'GET /tickets/TD.0001/profile': () => json(200, profile()),
      'PUT /tickets/TD.0001/profile/tax_payer': () => json(200, profile({ ssn: '***-**-6789' })),
    });
    renderPage();
    const user = userEvent.setup();
    const ssn = await screen.findByTestId('q-ssn');
    await user.type(ssn, '12345678');
    await user.tab();
    expect(await screen.findByText('Must be exactly nine digits.')).toBeInTheDocument();
    // Nine digits nobody issues (the contract's rule, the server's): refused here too.
    await user.clear(screen.getByTestId('q-ssn'));
    await user.type(screen.getByTestId('q-ssn'), '666-12-3456');
    await user.tab();
    expect(await screen.findByText('This is not an SSN or ITIN that can exist: check the number.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(screen.getByTestId('q-ssn'));
    await user.type(screen.getByTestId('q-ssn'), '123-45-6789');
    await user.tab();
    await waitFor(() => expect(screen.getByTestId('q-ssn')).toHaveValue('***-**-6789'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ ssn: '123-45-6789' });
    // A customer gets no reveal button; "Change" is there.
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change: SSN' })).toBeInTheDocument();
  });

  it('clears a stored SSN after a confirmation: saved as null at once, then an empty field to type in', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': noOrganizer,
      'GET /tickets/TD.0001/profile': () => json(200, profile({ first_name: 'Casey', ssn: '***-**-6789' })),
      'PUT /tickets/TD.0001/profile/tax_payer': (c) => json(200, profile(c.body as Record<string, unknown>)),
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByTestId('q-ssn')).toHaveValue('***-**-6789');

    // Cancelling keeps it, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Clear: SSN' }));
    const dialog = await screen.findByTestId('secret-clear-dialog');
    expect(dialog).toHaveTextContent('Clear “SSN”? The stored number is deleted, not just hidden.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('secret-clear-dialog')).toBeNull());
    expect(screen.getByTestId('q-ssn')).toHaveValue('***-**-6789');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear: SSN' }));
    await user.click(within(await screen.findByTestId('secret-clear-dialog')).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // The whole section goes, the other answers as they were, the SSN empty (the server deletes it).
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ first_name: 'Casey', ssn: null });
    expect(await screen.findByTestId('saved-popup')).toHaveTextContent('Saved');
    const field = screen.getByTestId('q-ssn');
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Clear: SSN' })).toBeNull();
    // A new number can be typed straight away.
    await user.type(field, '987654321');
    await user.tab();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ first_name: 'Casey', ssn: '987654321' });
  });
});
