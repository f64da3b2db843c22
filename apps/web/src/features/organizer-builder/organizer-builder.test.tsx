import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { organizerDetailSchema, type OrganizerDefinition, type OrganizerDetail } from '@taxportal/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrganizersPage } from './organizer-builder-page.tsx';

const admin = aSession({
  user: { id: 'a1', full_name: 'Avery Admin', email: 'avery@x.test', phone: null },
  roles: ['Admin'],
  login_role: 'Admin',
});

/** Two sections; a group with two fields; conditions on a yes/no and inside the group. */
const DEFINITION: OrganizerDefinition = {
  sections: [
    {
      id: 'income',
      title: { en: 'Income', es: 'Ingresos' },
      questions: [
        { id: 'has_w2', type: 'yes_no', label: { en: 'Did you work for an employer?' } },
        {
          id: 'employers',
          type: 'group',
          label: { en: 'Employers' },
          show_if: { question: 'has_w2', op: 'equals', value: true },
          item_label_field: 'employer',
          fields: [
            { id: 'employer', type: 'text', label: { en: 'Employer' } },
            { id: 'wages', type: 'money', label: { en: 'Wages' } },
            { id: 'state', type: 'text', label: { en: 'State' } },
          ],
        },
        { id: 'sold_stock', type: 'yes_no', label: { en: 'Did you sell stock?' } },
        {
          id: 'proceeds',
          type: 'money',
          label: { en: 'Total proceeds' },
          show_if: { question: 'sold_stock', op: 'equals', value: true },
        },
      ],
    },
    {
      id: 'family',
      title: { en: 'Family' },
      questions: [{ id: 'notes', type: 'text', label: { en: 'Anything else?' } }],
    },
  ],
};

const detail = (definition = DEFINITION): OrganizerDetail =>
  organizerDetailSchema.parse({
    id: 'o1',
    name: 'Individual 2026',
    service_id: null,
    tax_year: 2026,
    service_name: null,
    published_version: 1,
    has_draft: false,
    tickets: 3,
    updated_at: '2026-03-01T09:00:00.000Z',
    current: {
      version: 1,
      definition,
      published_at: '2026-03-01T09:00:00.000Z',
      created_at: '2026-03-01T09:00:00.000Z',
    },
    versions: [{ version: 1, published_at: '2026-03-01T09:00:00.000Z' }],
  });

function renderEditor(routes: Record<string, (call: Call) => Response> = {}) {
  const calls = mockApi({
    'GET /auth/session': () => json(200, admin),
    'GET /admin/organizers/o1': () => json(200, detail()),
    'GET /admin/catalog/services': () => json(200, { items: [] }),
    'GET /admin/catalog/years': () => json(200, { items: [] }),
    'GET /admin/catalog/document-types': () =>
      json(200, { items: [{ id: 'd1', name: 'W-2', description: '', position: 0 }] }),
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/admin/organizers/:id?', element: <OrganizersPage /> }], {
    initialEntries: ['/admin/organizers/o1'],
  });
  renderWithProviders(<RouterProvider router={router} />, { route: null });
  return calls;
}

const card = (id: string) => {
  const found = screen.getAllByTestId('question-card').find((c) => c.getAttribute('data-question-id') === id);
  if (!found) throw new Error(`no card for ${id}`);
  return found;
};
const order = (container: HTMLElement = document.body) =>
  within(container)
    .getAllByTestId('question-card')
    .filter((c) => c.parentElement?.closest('[data-testid="question-card"]') === null)
    .map((c) => c.getAttribute('data-question-id'));
const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);

describe('the condition editor', () => {
  it('offers only the questions before this one, and the operators and values of the question named', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await screen.findByText('Section 1: Income');
    // The summary says the condition in words.
    expect(within(card('proceeds')).getByTestId('question-condition')).toHaveTextContent(
      'Shown if: Did you sell stock? is Yes',
    );

    await user.click(within(card('sold_stock')).getByTestId('question-toggle'));
    const stock = card('sold_stock');
    await user.click(within(stock).getByTestId('condition-add'));
    const question = within(stock).getByTestId('condition-question');
    // Earlier top-level questions, then the earlier group's fields as "Group › field"; not itself, nothing after.
    expect(optionTexts(question)).toEqual([
      'Did you work for an employer?',
      'Employers',
      'Employers › Employer',
      'Employers › Wages',
      'Employers › State',
    ]);

    await user.selectOptions(question, 'has_w2');
    expect(optionTexts(within(stock).getByTestId('condition-op'))).toEqual(['is', 'is answered', 'is not answered']);
    expect(optionTexts(within(stock).getByTestId('condition-value'))).toEqual(['Yes', 'No']);
    expect(within(stock).getByTestId('question-condition')).toHaveTextContent(
      'Shown if: Did you work for an employer? is Yes',
    );

    await user.selectOptions(question, 'employers.wages');
    expect(optionTexts(within(stock).getByTestId('condition-op'))).toEqual([
      'is greater than',
      'is less than',
      'is',
      'is answered',
      'is not answered',
    ]);
    expect(within(stock).getByTestId('condition-value')).toHaveAttribute('inputmode', 'decimal');

    await user.selectOptions(question, 'employers');
    expect(optionTexts(within(stock).getByTestId('condition-op'))).toEqual([
      'has entries',
      'has no entries',
      'has more entries than',
      'has fewer entries than',
    ]);
    expect(within(stock).queryByTestId('condition-value')).toBeNull();

    await user.selectOptions(within(stock).getByTestId('condition-op'), 'greater_than');
    await user.click(within(stock).getByTestId('condition-add'));
    expect(within(stock).getAllByTestId('condition-row')).toHaveLength(2);
    await user.selectOptions(within(stock).getByTestId('condition-mode'), 'any');
    expect(within(stock).getByTestId('question-condition')).toHaveTextContent(
      'Shown if: Employers has more entries than 0 or Employers › State is answered',
    );
  });

  it('inside a group, offers the fields before it (by their own name) and the questions before the group', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await screen.findByText('Section 1: Income');
    await user.click(within(card('employers')).getByTestId('question-toggle'));
    await user.click(within(card('state')).getByTestId('question-toggle'));
    const state = card('state');
    await user.click(within(state).getByTestId('condition-add'));
    expect(optionTexts(within(state).getByTestId('condition-question'))).toEqual([
      'Employer',
      'Wages',
      'Did you work for an employer?',
    ]);
    await user.selectOptions(within(state).getByTestId('condition-question'), 'employer');
    expect(optionTexts(within(state).getByTestId('condition-op'))).toEqual(['is', 'is answered', 'is not answered']);
    expect(within(state).queryByTestId('condition-value')).toBeNull();
    await user.selectOptions(within(state).getByTestId('condition-op'), 'equals');
    expect(within(state).getByTestId('condition-value').tagName).toBe('INPUT');
    await user.type(within(state).getByTestId('condition-value'), 'Acme');
    expect(within(state).getByTestId('question-condition')).toHaveTextContent('Shown if: Employer is “Acme”');
  });

  it('says the first question can name nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await screen.findByText('Section 1: Income');
    await user.click(within(card('has_w2')).getByTestId('question-toggle'));
    expect(within(card('has_w2')).getByTestId('condition-editor')).toHaveTextContent(
      'no question comes before this one',
    );
    expect(within(card('has_w2')).queryByTestId('condition-add')).toBeNull();
  });
});

describe('adding, moving and removing questions', () => {
  it('adds a question of the type chosen, its id made from its label, and puts the focus on its label', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await screen.findByText('Section 2: Family');
    const family = screen.getAllByTestId('section-editor')[1]!;
    await user.selectOptions(within(family).getByTestId('add-question-type'), 'number');
    await user.click(within(family).getByTestId('add-question'));
    expect(order(family)).toEqual(['notes', 'question']);
    const label = within(card('question')).getByTestId('question-label-en');
    await waitFor(() => expect(label).toHaveFocus());
    await user.type(label, 'Household');
    expect(order(family)).toEqual(['notes', 'household']);
    expect(within(card('household')).getByTestId('question-type')).toHaveValue('number');
    expect(screen.getByTestId('editor-state')).toHaveTextContent('Unsaved changes');
  });

  it('moves a question up and down with its buttons, the focus following it', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    const income = (await screen.findAllByTestId('section-editor'))[0]!;
    expect(order(income)).toEqual(['has_w2', 'employers', 'sold_stock', 'proceeds']);
    await user.click(within(card('proceeds')).getByTestId('question-up'));
    expect(order(income)).toEqual(['has_w2', 'employers', 'proceeds', 'sold_stock']);
    await waitFor(() => expect(within(card('proceeds')).getByTestId('question-up')).toHaveFocus());
    // Now before the question its condition names: said at the question at once.
    expect(within(card('proceeds')).getByTestId('question-issues')).toHaveTextContent(
      'A condition can only name a question asked before this one.',
    );
    await user.keyboard('{Enter}');
    expect(order(income)).toEqual(['has_w2', 'proceeds', 'employers', 'sold_stock']);
    await user.click(within(card('has_w2')).getByTestId('question-down'));
    expect(order(income)).toEqual(['proceeds', 'has_w2', 'employers', 'sold_stock']);
    // The first one's "up" is disabled: moved to the top, the focus goes to its "down".
    await user.click(within(card('proceeds')).getByTestId('question-down'));
    await user.click(within(card('proceeds')).getByTestId('question-up'));
    await waitFor(() => expect(within(card('proceeds')).getByTestId('question-down')).toHaveFocus());
  });

  it('asks before removing a question other conditions name, shows which, and removes those comparisons', async () => {
    const user = userEvent.setup({ delay: null });
    renderEditor();
    await screen.findByText('Section 1: Income');
    await user.click(within(card('sold_stock')).getByTestId('question-remove'));
    const dialog = await screen.findByTestId('remove-question-dialog');
    expect(within(dialog).getByTestId('remove-naming')).toHaveTextContent('Total proceeds');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('remove-question-dialog')).toBeNull());
    expect(order(screen.getAllByTestId('section-editor')[0]!)).toEqual(['has_w2', 'employers', 'proceeds']);
    expect(within(card('proceeds')).queryByTestId('question-condition')).toBeNull();
    await waitFor(() => expect(within(card('proceeds')).getByTestId('question-toggle')).toHaveFocus());

    // Nothing names this one: removed at once.
    await user.click(within(card('notes')).getByTestId('question-remove'));
    expect(screen.queryByTestId('remove-question-dialog')).toBeNull();
    expect(screen.queryAllByTestId('question-card').map((c) => c.getAttribute('data-question-id'))).not.toContain(
      'notes',
    );
  });
});

describe("the server's refusal", () => {
  it('shows each of its errors at the question it names, and saves nothing else', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = renderEditor({
      'PUT /admin/organizers/o1/draft': () =>
        json(422, {
          type: 'about:blank',
          title: 'Unprocessable',
          status: 422,
          detail:
            'definition.sections.0.questions.2.show_if: A condition can only name a question asked before this one.',
          errors: [
            {
              field: 'definition.sections.0.questions.2.show_if',
              message: 'Una condición solo puede nombrar una pregunta anterior.',
            },
            { field: 'definition.sections.0.questions.1.fields.1.label.en', message: 'Too long.' },
          ],
        }),
    });
    await screen.findByText('Section 1: Income');
    await user.click(within(card('notes')).getByTestId('question-toggle'));
    await user.type(within(card('notes')).getByTestId('question-label-es'), '¿Algo más?');
    await user.click(screen.getByTestId('organizer-save'));

    await waitFor(() => expect(within(card('sold_stock')).getByTestId('question-issues')).toBeInTheDocument());
    expect(within(card('sold_stock')).getByTestId('question-issues')).toHaveTextContent(
      'Show only if: Una condición solo puede nombrar una pregunta anterior.',
    );
    expect(within(card('wages')).getByTestId('question-issues')).toHaveTextContent('Question (English): Too long.');
    expect(within(card('has_w2')).queryByTestId('question-issues')).toBeNull();
    expect(screen.getByTestId('editor-issues')).toHaveTextContent('2 things to fix before saving');
    // The questions named are opened (a group's with its group), the first focused; the changes stay, unsaved.
    await waitFor(() => expect(within(card('wages')).getByTestId('question-toggle')).toHaveFocus());
    expect(screen.getByTestId('editor-state')).toHaveTextContent('Unsaved changes');
    const put = calls.find((c) => c.method === 'PUT')!;
    const sent = put.body as { definition: OrganizerDefinition };
    expect(sent.definition.sections[1]!.questions[0]!.label).toEqual({ en: 'Anything else?', es: '¿Algo más?' });
  });
});
