import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganizerAnswers } from '@taxportal/contract';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { anOrganizer, documents, puts, renderPage, session } from './organizer-page.fixtures.tsx';

/**
 * Last year carried forward (issue 32 item 3) on the client's page: the banner, each carried question's mark and
 * "Yes, still right", the documents they ask for only proposed, the confirmations riding with the autosave.
 */

const CARRIED: OrganizerAnswers = {
  ssn: '123456789',
  has_w2: true,
  employers: [{ id: 'e1', employer: 'Acme Corp', wages: 50000 }],
};

/**
 * The server of a ticket whose organizer was carried from 2025: a save drops from the questions to confirm those it
 * confirms and those whose answer changed (as ticket-organizer.service.ts does). `fail` answers a PUT first.
 */
function carriedApi(fail?: (c: Call) => Response | null) {
  let carried = Object.keys(CARRIED);
  const stored = anOrganizer(CARRIED).organizer!.answers;
  return mockApi({
    'GET /auth/session': () => json(200, session),
    'GET /tickets/TD.0001/organizer': () => json(200, anOrganizer(CARRIED, 3, { from_year: 2025, questions: carried })),
    'PUT /tickets/TD.0001/organizer': (c) => {
      const refused = fail?.(c);
      if (refused) return refused;
      const body = c.body as { answers: OrganizerAnswers; confirmed?: string[] };
      carried = carried.filter(
        (q) => !body.confirmed?.includes(q) && JSON.stringify(body.answers[q]) === JSON.stringify(stored[q]),
      );
      return json(200, anOrganizer(body.answers, 3, { from_year: 2025, questions: carried }));
    },
    'GET /documents': () => json(200, { items: [], next_cursor: null }),
  });
}

const banner = () => screen.queryByTestId('organizer-carried-banner');
const w2 = () => documents().getByText('W-2: Acme Corp').closest<HTMLElement>('[data-testid="organizer-document"]')!;
const employersGroup = () => screen.getByTestId('q-employers');

describe('the organizer page: last year carried forward', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the banner, marks each carried question with it, and lists its documents as proposed', async () => {
    carriedApi();
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByTestId('organizer-carried-banner')).toHaveTextContent(
      'We filled in 3 answers from your 2025 organizer. Check each one is still right.',
    );
    // The mark is the SSN's description: a screen reader reads it with the question.
    expect(await screen.findByTestId('q-ssn')).toHaveAccessibleDescription('From 2025: still right?');
    expect(screen.getByRole('button', { name: 'Yes, still right: Your SSN or ITIN' })).toBeInTheDocument();
    // Not carried: no mark.
    expect(screen.getByRole('radiogroup', { name: 'Filing status' })).not.toHaveAccessibleDescription(/still right/);

    await user.click(screen.getByTestId('organizer-tab-income'));
    expect(
      await screen.findByRole('radiogroup', { name: 'Did you work for an employer?' }),
    ).toHaveAccessibleDescription('From 2025: still right?');
    // A group's mark is in its legend: its name.
    expect(screen.getByRole('group', { name: 'Employers From 2025: still right?' })).toBe(employersGroup());
    expect(w2()).toHaveAttribute('data-status', 'proposed');
    expect(w2()).toHaveTextContent('Proposed from 2025: confirm the answer to request it');
    expect(screen.queryByTestId('q-sold_stock-carried')).toBeNull();
  });

  it('"Yes, still right" saves at once with `confirmed: [id]`; the mark goes, the W-2 is requested', async () => {
    const calls = carriedApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(await screen.findByRole('button', { name: 'Yes, still right: Employers' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      version: 3,
      revision: 0,
      answers: { ssn: '***-**-6789', has_w2: true, employers: [{ id: 'e1', employer: 'Acme Corp', wages: 50000 }] },
      confirmed: ['employers'],
    });
    await waitFor(() => expect(screen.queryByTestId('q-employers-carried')).toBeNull());
    expect(employersGroup()).not.toHaveTextContent('still right');
    expect(w2()).toHaveAttribute('data-status', 'open');
    // The others still wait; the banner counts them.
    expect(screen.getByTestId('q-has_w2-carried')).toBeInTheDocument();
    expect(banner()).toHaveTextContent('We filled in 2 answers from your 2025 organizer.');
    // The focus the button held stays on the question.
    expect(document.activeElement).toBe(employersGroup().parentElement?.parentElement);

    // The next save sends no confirmation again.
    await user.click(within(screen.getByTestId('q-sold_stock')).getByLabelText('No'));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).not.toHaveProperty('confirmed');
  });

  it('"All still right" confirms every carried question in one save; the banner and the marks go', async () => {
    const calls = carriedApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'All still right' }));
    await waitFor(() => expect(banner()).toBeNull());
    expect(puts(calls)).toHaveLength(1);
    expect((puts(calls)[0]!.body as { confirmed: string[] }).confirmed.sort()).toEqual(['employers', 'has_w2', 'ssn']);
    expect(screen.queryByTestId('organizer-carried-mark')).toBeNull();
    await user.click(screen.getByTestId('organizer-tab-income'));
    expect(await screen.findByTestId('q-employers')).not.toHaveTextContent('still right');
    expect(w2()).toHaveAttribute('data-status', 'open');
  });

  it('a changed answer loses its mark once the save comes back without it, and nothing is confirmed for it', async () => {
    const calls = carriedApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    const name = await within(employersGroup()).findByLabelText('Employer');
    await user.clear(name);
    await user.type(name, 'Acme Inc');
    await user.tab();
    await waitFor(() => expect(screen.queryByTestId('q-employers-carried')).toBeNull());
    const last = puts(calls).at(-1)!.body as { answers: { employers: { employer: string }[] } };
    expect(last).not.toHaveProperty('confirmed');
    expect(last.answers.employers[0]!.employer).toBe('Acme Inc');
    expect(documents().getByText('W-2: Acme Inc').closest('[data-testid="organizer-document"]')).toHaveAttribute(
      'data-status',
      'open',
    );
    // The has_w2 answer was not changed: still to confirm.
    expect(screen.getByTestId('q-has_w2-carried')).toBeInTheDocument();
  });

  it('keeps a confirmation through a save that got no answer: the retry sends it', async () => {
    let failures = 1;
    const calls = carriedApi(() =>
      failures-- > 0
        ? json(503, { type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Try again later.' })
        : null,
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Yes, still right: Your SSN or ITIN' }));
    await waitFor(() => expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'retrying'));
    // Still marked while not saved.
    expect(screen.getByTestId('q-ssn-carried')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('q-ssn-carried')).toBeNull(), { timeout: 5000 });
    expect(puts(calls).map((c) => (c.body as { confirmed?: string[] }).confirmed)).toEqual([['ssn'], ['ssn']]);
  });

  it('sends a confirmation made while a save is on its way with the save after it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const calls = carriedApi(() => {
      if (!first) return null;
      first = false;
      // The first save answers once released (the handler may answer with a promise: fetch is async).
      return held.then(() =>
        json(
          200,
          anOrganizer({ ...CARRIED, filing_status: 'single' }, 3, {
            from_year: 2025,
            questions: Object.keys(CARRIED),
          }),
        ),
      ) as unknown as Response;
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(within(await screen.findByTestId('q-filing_status')).getByLabelText('Single'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Yes, still right: Your SSN or ITIN' }));
    release();
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[0]!.body).not.toHaveProperty('confirmed');
    expect(puts(calls)[1]!.body).toMatchObject({ answers: { filing_status: 'single' }, confirmed: ['ssn'] });
    await waitFor(() => expect(screen.queryByTestId('q-ssn-carried')).toBeNull());
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    carriedApi();
    renderPage();
    expect(await screen.findByTestId('organizer-carried-banner')).toHaveTextContent(
      'Completamos 3 respuestas a partir de su organizador de 2025.',
    );
    expect(await screen.findByTestId('q-ssn')).toHaveAccessibleDescription('De 2025: ¿sigue vigente?');
    expect(screen.getByRole('button', { name: 'Sí, sigue vigente: Su SSN o ITIN' })).toBeInTheDocument();
    expect(documents().getByText(/Propuesto a partir de 2025/)).toBeInTheDocument();
  });
});
