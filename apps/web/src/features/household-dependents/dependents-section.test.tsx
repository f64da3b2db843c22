import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { householdDependentListSchema, type HouseholdDependent } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DependentsSection } from './dependents-section.tsx';

/**
 * Household → Dependents (issue 32 item 5): the household's list, SSNs masked; add, edit (a mask sent back keeps the
 * number), remove after a confirmation; the server's field messages under their fields.
 */
const ana: HouseholdDependent = {
  id: 'dep-1',
  first_name: 'Ana',
  last_name: 'Lopez',
  date_of_birth: '2016-05-01',
  relationship: 'Daughter',
  months_lived_with_you: 12,
  ssn: '***-**-1234',
  updated_at: '2026-01-02T00:00:00.000Z',
};

function api(opts: { create?: (c: Call) => Response } = {}) {
  let items: HouseholdDependent[] = [ana];
  const calls = mockApi({
    'GET /household/dependents': () => json(200, householdDependentListSchema.parse({ items, max: 20 })),
    'POST /household/dependents':
      opts.create ??
      ((c) => {
        const made = { ...ana, ...(c.body as object), id: 'dep-2', ssn: '***-**-6789' };
        items = [...items, made];
        return json(201, made);
      }),
    'PUT /household/dependents/dep-1': (c) => {
      items = [{ ...ana, ...(c.body as object) }];
      return json(200, items[0]);
    },
    'DELETE /household/dependents/dep-1': () => {
      items = [];
      return json(204, null);
    },
    'POST /household/dependents/dep-1/reveal': () => json(200, { id: 'dep-1', value: '123-45-1234' }),
  });
  return calls;
}

const rows = () => screen.findAllByTestId('household-dependent');

describe('Household → Dependents', () => {
  it('lists the household’s dependents with the SSN masked', async () => {
    api();
    renderWithProviders(<DependentsSection />);
    const [row] = await rows();
    expect(row).toHaveTextContent('Ana Lopez');
    expect(row).toHaveTextContent('Born 2016-05-01 · Daughter · 12 months with you · ***-**-1234');
  });

  it('adds one: the typed SSN is sent, then the list shows it masked', async () => {
    const calls = api();
    renderWithProviders(<DependentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('dependent-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dependent' });
    await user.type(within(dialog).getByTestId('dependent-first-name'), 'Mateo');
    await user.type(within(dialog).getByTestId('dependent-ssn'), '123 45 6789');
    await user.click(within(dialog).getByTestId('dependent-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      first_name: 'Mateo',
      last_name: null,
      date_of_birth: null,
      relationship: null,
      months_lived_with_you: null,
      ssn: '123 45 6789',
    });
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends one request for a double tap on Save (single-flight: it made two identical dependents)', async () => {
    const calls = api();
    renderWithProviders(<DependentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('dependent-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dependent' });
    await user.type(within(dialog).getByTestId('dependent-first-name'), 'Mateo');
    const save = within(dialog).getByTestId('dependent-save');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(async () => expect(await rows()).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('edits one: the mask goes back as it came (the number kept); Show asks the server', async () => {
    const calls = api();
    renderWithProviders(<DependentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit: Ana Lopez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ana Lopez' });
    await user.click(within(dialog).getByRole('button', { name: 'Show: SSN or ITIN' }));
    expect(await within(dialog).findByDisplayValue('123-45-1234')).toBeInTheDocument();
    const months = within(dialog).getByTestId('dependent-months');
    await user.clear(months);
    await user.type(months, '10');
    await user.click(within(dialog).getByTestId('dependent-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      first_name: 'Ana',
      months_lived_with_you: 10,
      ssn: '***-**-1234',
    });
  });

  it('shows the server’s field message under its field, and keeps the dialog', async () => {
    api({
      create: () =>
        json(422, {
          type: 'about:blank',
          title: 'Invalid',
          status: 422,
          detail: 'Check the fields.',
          errors: [{ field: 'months_lived_with_you', message: 'Enter whole months, from 0 to 12.' }],
        }),
    });
    renderWithProviders(<DependentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('dependent-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add a dependent' });
    await user.type(within(dialog).getByTestId('dependent-first-name'), 'Mateo');
    await user.click(within(dialog).getByTestId('dependent-save'));
    expect(await within(dialog).findByText('Enter whole months, from 0 to 12.')).toBeInTheDocument();
  });

  it('removes one after a confirmation', async () => {
    const calls = api();
    renderWithProviders(<DependentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove: Ana Lopez' }));
    const confirm = await screen.findByTestId('dependent-remove-dialog');
    expect(confirm).toHaveTextContent('Returns that already claim them keep their answers.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByTestId('household-dependents-empty')).toBeInTheDocument();
  });
});
