import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  organizerDetailSchema,
  STANDARD_ORGANIZER,
  type OrganizerDefinition,
  type OrganizerDetail,
} from '@taxportal/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { OrganizersPage } from './organizer-builder-page.tsx';

/**
 * The builder's settings of what an answer may be (issue 32, an outside tester's findings): a number's whole-number
 * rule and range, a text's bank formats; and "New organizer" starting from the standard questionnaire.
 */
const admin = aSession({
  user: { id: 'a1', full_name: 'Avery Admin', email: 'avery@x.test', phone: null },
  roles: ['Admin'],
  login_role: 'Admin',
});

const DEFINITION: OrganizerDefinition = {
  sections: [
    {
      id: 'family',
      title: { en: 'Family' },
      questions: [
        { id: 'people', type: 'number', label: { en: 'People in your household' } },
        { id: 'account', type: 'text', label: { en: 'Account for the refund' } },
      ],
    },
  ],
};

const detail = (definition: OrganizerDefinition = DEFINITION): OrganizerDetail =>
  organizerDetailSchema.parse({
    id: 'o1',
    name: 'Individual 2026',
    service_id: null,
    tax_year: 2026,
    service_name: null,
    published_version: null,
    has_draft: true,
    tickets: 0,
    updated_at: '2026-03-01T09:00:00.000Z',
    current: { version: 1, definition, published_at: null, created_at: '2026-03-01T09:00:00.000Z' },
    versions: [{ version: 1, published_at: null }],
  });

function render(path: string, routes: Record<string, (call: Call) => Response> = {}) {
  const calls = mockApi({
    'GET /auth/session': () => json(200, admin),
    'GET /admin/organizers': () => json(200, { items: [] }),
    'GET /admin/organizers/o1': () => json(200, detail()),
    'GET /admin/catalog/services': () => json(200, { items: [] }),
    'GET /admin/catalog/years': () => json(200, { items: [] }),
    'GET /admin/catalog/document-types': () => json(200, { items: [] }),
    ...routes,
  });
  const router = createMemoryRouter([{ path: '/admin/organizers/:id?', element: <OrganizersPage /> }], {
    initialEntries: [path],
  });
  renderWithProviders(<RouterProvider router={router} />, { route: null });
  return calls;
}

const card = (id: string) =>
  screen.getAllByTestId('question-card').find((c) => c.getAttribute('data-question-id') === id)!;
const sentDefinition = (calls: Call[]) =>
  (calls.filter((c) => c.method === 'PUT').at(-1)!.body as { definition: OrganizerDefinition }).definition;

describe('what an answer may be', () => {
  it('a number: whole numbers only and its range, refused while its smallest is above its largest', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = render('/admin/organizers/o1', {
      'PUT /admin/organizers/o1/draft': (c) =>
        json(200, detail((c.body as { definition: OrganizerDefinition }).definition)),
    });
    await screen.findByText('Section 1: Family');
    await user.click(within(card('people')).getByTestId('question-toggle'));
    const people = card('people');
    await user.click(within(people).getByTestId('question-integer'));
    await user.type(within(people).getByTestId('question-min'), '5');
    await user.type(within(people).getByTestId('question-max'), '1');
    await user.click(screen.getByTestId('organizer-save'));
    expect(await within(card('people')).findByTestId('question-issues')).toHaveTextContent(
      'Largest: The smallest value cannot be larger than the largest.',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(within(card('people')).getByTestId('question-min'));
    await user.type(within(card('people')).getByTestId('question-min'), '1');
    await user.clear(within(card('people')).getByTestId('question-max'));
    await user.type(within(card('people')).getByTestId('question-max'), '30');
    await user.click(screen.getByTestId('organizer-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(sentDefinition(calls).sections[0]!.questions[0]).toEqual({
      id: 'people',
      type: 'number',
      label: { en: 'People in your household' },
      integer: true,
      min: 1,
      max: 30,
    });
  });

  it('a text: a bank account number (sealed) is one line', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = render('/admin/organizers/o1', {
      'PUT /admin/organizers/o1/draft': (c) =>
        json(200, detail((c.body as { definition: OrganizerDefinition }).definition)),
    });
    await screen.findByText('Section 1: Family');
    await user.click(within(card('account')).getByTestId('question-toggle'));
    await user.click(within(card('account')).getByRole('switch', { name: 'Several lines' }));
    await user.selectOptions(within(card('account')).getByTestId('question-format'), 'account_number');
    expect(within(card('account')).queryByRole('switch', { name: 'Several lines' })).toBeNull();
    await user.click(screen.getByTestId('organizer-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(sentDefinition(calls).sections[0]!.questions[1]).toEqual({
      id: 'account',
      type: 'text',
      label: { en: 'Account for the refund' },
      format: 'account_number',
    });
  });
});

describe('a new organizer', () => {
  it('starts from the standard questionnaire when asked: a copy of SPEC’s four sections', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = render('/admin/organizers', {
      'POST /admin/organizers': () => json(201, detail(STANDARD_ORGANIZER)),
      'GET /admin/organizers/o1': () => json(200, detail(STANDARD_ORGANIZER)),
    });
    await user.click(await screen.findByTestId('organizer-new'));
    await user.type(await screen.findByTestId('template-name'), 'Individual 2026');
    expect(within(screen.getByTestId('template-start')).getByLabelText('An empty organizer')).toBeChecked();
    await user.click(screen.getByLabelText('The standard questionnaire'));
    await user.click(screen.getByTestId('template-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Individual 2026',
      service_id: null,
      tax_year: null,
      definition: STANDARD_ORGANIZER,
    });
    // The editor opens on the copy: its first section is SPEC's first.
    expect(await screen.findByText('Section 1: My Profile', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('starts empty otherwise', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = render('/admin/organizers', { 'POST /admin/organizers': () => json(201, detail()) });
    await user.click(await screen.findByTestId('organizer-new'));
    await user.type(await screen.findByTestId('template-name'), 'Blank');
    await user.click(screen.getByTestId('template-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Blank', service_id: null, tax_year: null });
  });
});
