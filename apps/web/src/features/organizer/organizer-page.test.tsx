import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { evaluateOrganizer, SAMPLE_ORGANIZER, documentSchema, type OrganizerAnswers } from '@taxportal/contract';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { anOrganizer, documents, organizerApi, puts, renderPage, session } from './organizer-page.fixtures.tsx';
import { fieldErrors, sectionProgress } from './organizer-view-model.ts';

describe('the organizer page', () => {
  it('shows only what the answers call for: stock sold → the proceeds question and the 1099-B; no → both go', async () => {
    const calls = organizerApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    expect(await screen.findByText('Did you sell stock?')).toBeInTheDocument();
    expect(screen.queryByText('Total proceeds')).toBeNull();
    expect(documents().queryByText('1099-B')).toBeNull();
    // Before: the employers' group hangs on "Did you work for an employer?", the large-sale note on the proceeds.
    expect(screen.queryByTestId('q-employers')).toBeNull();

    await user.click(within(screen.getByTestId('q-sold_stock')).getByLabelText('Yes'));
    expect(await screen.findByLabelText('Total proceeds')).toBeInTheDocument();
    expect(documents().getByText('1099-B')).toBeInTheDocument();
    // The answer kept the focus where it was: on the radio just chosen.
    expect(document.activeElement).toBe(within(screen.getByTestId('q-sold_stock')).getByLabelText('Yes'));

    // A large amount shows the and-condition's note.
    await user.type(screen.getByLabelText('Total proceeds'), '60000');
    expect(await screen.findByText('Tell us about the large sales')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('q-sold_stock')).getByLabelText('No'));
    await waitFor(() => expect(screen.queryByText('Total proceeds')).toBeNull());
    expect(screen.queryByText('Tell us about the large sales')).toBeNull();
    expect(documents().queryByText('1099-B')).toBeNull();
    // The hidden answer is kept (showing the question again restores it), and sent with the others.
    await waitFor(() =>
      expect(puts(calls).at(-1)!.body).toMatchObject({ answers: { sold_stock: false, stock_proceeds: 60000 } }),
    );
  });

  it('saves all the answers with the version shown, and the list takes the status of the request made', async () => {
    const calls = organizerApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(within(await screen.findByTestId('q-sold_stock')).getByLabelText('Yes'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ version: 3, revision: 0, answers: { sold_stock: true } });
    const item = await documents().findByText('1099-B');
    await waitFor(() =>
      expect(item.closest('[data-testid="organizer-document"]')).toHaveAttribute('data-status', 'open'),
    );
    expect(await screen.findByTestId('organizer-save-state')).toHaveTextContent('Saved');
  });

  it('counts only the questions shown in the progress, as the answers change', async () => {
    organizerApi();
    renderPage();
    const user = userEvent.setup();
    const progress = await screen.findByTestId('organizer-progress');
    // Shown and required at first: filing status, SSN, has_w2, sold_stock, has_dependents, household size.
    expect(progress).toHaveTextContent('0 of 6 answered');
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(within(await screen.findByTestId('q-sold_stock')).getByLabelText('Yes'));
    // The proceeds question now counts too.
    await waitFor(() => expect(progress).toHaveTextContent('1 of 7 answered'));
  });

  it('adds an employer (a W-2 named after it), and removes it after a confirmation', async () => {
    const calls = organizerApi({ has_w2: true });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    const group = await screen.findByTestId('q-employers');
    await user.click(within(group).getByRole('button', { name: 'Add: Employer' }));
    const entry = await within(group).findByTestId('q-employers-entry');
    // The new entry's first question takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(entry).getByLabelText('Employer')));
    await user.type(within(entry).getByLabelText('Employer'), 'Acme Corp');
    expect(await documents().findByText('W-2: Acme Corp')).toBeInTheDocument();
    expect(within(entry).getByText('Acme Corp')).toBeInTheDocument();
    // A question inside the entry shown by another of the same entry.
    expect(within(entry).queryByLabelText('Which state?')).toBeNull();
    await user.click(within(within(entry).getByTestId('q-employers.0.other_state')).getByLabelText('Yes'));
    expect(await within(entry).findByLabelText('Which state?')).toBeInTheDocument();
    await waitFor(() => {
      const last = puts(calls).at(-1)!.body as { version: number; answers: { employers: Record<string, unknown>[] } };
      expect(last.version).toBe(3);
      expect(last.answers.employers).toEqual([{ id: expect.any(String), employer: 'Acme Corp', other_state: true }]);
    });

    // Removing asks first: Cancel keeps it.
    await user.click(within(entry).getByRole('button', { name: 'Remove: Acme Corp' }));
    let dialog = await screen.findByTestId('organizer-remove-dialog');
    expect(dialog).toHaveTextContent('Remove “Acme Corp” and its answers?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('organizer-remove-dialog')).toBeNull());
    expect(within(group).getAllByTestId('q-employers-entry')).toHaveLength(1);

    await user.click(within(entry).getByRole('button', { name: 'Remove: Acme Corp' }));
    dialog = await screen.findByTestId('organizer-remove-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(group).queryAllByTestId('q-employers-entry')).toHaveLength(0));
    expect(documents().queryByText('W-2: Acme Corp')).toBeNull();
    await waitFor(() =>
      // Each save names the revision the one before it came back with.
      expect(puts(calls).at(-1)!.body).toEqual({
        version: 3,
        revision: puts(calls).length - 1,
        answers: { has_w2: true, employers: [] },
      }),
    );
  });

  it('tries a save that got no answer again by itself, and says so meanwhile', async () => {
    let failures = 1;
    const calls = organizerApi({}, (c) =>
      failures-- > 0
        ? json(503, { type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Try again later.' })
        : json(200, anOrganizer((c.body as { answers: OrganizerAnswers }).answers)),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    await user.click(within(await screen.findByTestId('q-sold_stock')).getByLabelText('Yes'));
    await waitFor(() => expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'retrying'));
    await waitFor(() => expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'saved'), {
      timeout: 5000,
    });
    expect(puts(calls)).toHaveLength(2);
    expect(puts(calls)[1]!.body).toEqual({ version: 3, revision: 0, answers: { sold_stock: true } });
  });

  it("shows the server's 422 at the field, named by the entry's index", async () => {
    const entry = { id: 'e1', employer: 'Acme' };
    organizerApi({ has_w2: true, employers: [entry] }, () =>
      json(422, {
        type: 'about:blank',
        title: 'Invalid input',
        status: 422,
        detail: 'employers.0.wages: Must be an amount of at most 1,000,000,000 with at most two decimals.',
        errors: [
          {
            field: 'answers.employers[0].wages',
            message: 'Must be an amount of at most 1,000,000,000 with at most two decimals.',
          },
        ],
      }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-income'));
    const wages = await screen.findByLabelText('Wages');
    await user.type(wages, '5');
    await user.tab();
    expect(
      await screen.findByText('Must be an amount of at most 1,000,000,000 with at most two decimals.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('organizer-save-state')).toHaveAttribute('data-state', 'invalid');
  });

  it('shows a saved SSN masked, with Show asking the server for it', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () => json(200, anOrganizer({ ssn: '123456789' })),
      'POST /tickets/t1/organizer/reveal': () => json(200, { path: 'ssn', value: '123-45-6789' }),
    });
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByTestId('q-ssn')).toHaveValue('***-**-6789');
    await user.click(screen.getByRole('button', { name: 'Show: Your SSN or ITIN' }));
    await waitFor(() => expect(screen.getByTestId('q-ssn')).toHaveValue('123-45-6789'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ path: 'ssn' });
  });
});

describe('the organizer page: files and languages', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("answers a file question with one of the ticket's vault documents", async () => {
    const doc = documentSchema.parse({
      id: 'd1',
      customer_id: 'c1',
      ticket_id: 't1',
      ticket_name: 'TD.0001',
      document_type_id: 'dt1',
      document_type_name: 'Prior Year Return',
      kind: 'upload',
      visibility: 'shared',
      file_name: 'return-2025.pdf',
      content_type: 'application/pdf',
      size_bytes: 1000,
      sha256: 'a'.repeat(64),
      has_thumbnail: false,
      request_id: null,
      uploaded_by: 'c1',
      created_at: '2026-01-01T00:00:00.000Z',
      file_url: '/api/v1/documents/d1/file',
      thumbnail_url: null,
      can_delete: true,
      proposed_request: null,
    });
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () => json(200, anOrganizer()),
      'PUT /tickets/TD.0001/organizer': (c) =>
        json(200, anOrganizer((c.body as { answers: OrganizerAnswers }).answers)),
      'GET /documents': () => json(200, { items: [doc], next_cursor: null }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('organizer-tab-family'));
    const field = await screen.findByTestId('q-last_year_return');
    await waitFor(() => expect(field).toHaveAttribute('placeholder', 'Choose a document of this ticket'));
    await user.click(field);
    await user.click(await screen.findByRole('option', { name: 'return-2025.pdf (Prior Year Return)', hidden: true }));
    await waitFor(() =>
      expect(puts(calls).at(-1)?.body).toEqual({
        version: 3,
        revision: puts(calls).length - 1,
        answers: { last_year_return: 'd1' },
      }),
    );
    expect(calls.find((c) => c.path === '/documents')!.query.get('ticket_id')).toBe('t1');
  });

  it("speaks the reader's language: the firm's Spanish texts and the page's own", async () => {
    await i18n.changeLanguage('es');
    organizerApi();
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByTestId('organizer-progress')).toHaveTextContent('0 de 6 respondidas');
    await user.click(await screen.findByTestId('organizer-tab-income'));
    const sold = await screen.findByTestId('q-sold_stock');
    expect(sold).toHaveTextContent('¿Vendió acciones?');
    await user.click(within(sold).getByLabelText('Sí'));
    expect(await screen.findByLabelText('Total de las ventas')).toBeInTheDocument();
    expect(screen.getByTestId('organizer-documents')).toHaveTextContent('Documentos que le pediremos');
  });
});

describe('the organizer view model', () => {
  it("adds up each section's progress to evaluateOrganizer's", () => {
    const answers: OrganizerAnswers = {
      filing_status: 'married_joint',
      has_w2: true,
      employers: [{ id: 'a', employer: 'Acme', wages: 10 }],
      has_dependents: true,
      dependents: [],
    };
    const evaluation = evaluateOrganizer(SAMPLE_ORGANIZER, answers);
    const sum = SAMPLE_ORGANIZER.sections
      .map((s) => sectionProgress(s, answers, evaluation.shown))
      .reduce((a, b) => ({ answered: a.answered + b.answered, required: a.required + b.required }));
    expect(sum).toEqual(evaluation.progress);
  });

  it('reads the field paths the server may write', () => {
    expect(
      fieldErrors([
        { field: 'answers.employers[1].wages', message: 'a' },
        { field: 'employers.2.wages', message: 'b' },
        { field: 'household_size', message: 'c' },
      ]),
    ).toEqual({ 'employers.1.wages': 'a', 'employers.2.wages': 'b', household_size: 'c' });
  });
});
