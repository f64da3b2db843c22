import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  evaluateOrganizer,
  householdOffersSchema,
  SAMPLE_ORGANIZER,
  ticketOrganizerSchema,
  type HouseholdOffers,
  type OrganizerAnswers,
} from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { puts, renderPage, session } from './organizer-page.fixtures.tsx';

/**
 * The household's dependents on a year's organizer (issue 32 item 5): offered in the group of household dependents,
 * never filled in unasked; "Add" makes an entry of the dependent (its SSN as the mask, for the server to copy), "Not
 * this year" is remembered by the server and can be undone.
 */
const ana = {
  id: 'dep-1',
  first_name: 'Ana',
  last_name: 'Lopez',
  date_of_birth: '2016-05-01',
  relationship: 'Daughter',
  months_lived_with_you: 12,
  ssn: '***-**-1234',
  updated_at: '2026-01-02T00:00:00.000Z',
};
const offers = (declined: boolean): HouseholdOffers =>
  householdOffersSchema.parse({ group: 'dependents', dependents: [{ ...ana, declined }] });

function organizer(answers: OrganizerAnswers, household: HouseholdOffers | null) {
  return ticketOrganizerSchema.parse({
    ticket_id: 't1',
    organizer: {
      template_id: 'o1',
      name: 'Individual 2026',
      version: 3,
      definition: SAMPLE_ORGANIZER,
      answers,
      progress: evaluateOrganizer(SAMPLE_ORGANIZER, answers).progress,
      completion: 0,
      requests: [],
      carried_forward: null,
      updated_at: null,
      revision: 0,
      household,
    },
  });
}

function api() {
  return mockApi({
    'GET /auth/session': () => json(200, session),
    'GET /tickets/TD.0001/organizer': () => json(200, organizer({ has_dependents: true }, offers(false))),
    'PUT /tickets/TD.0001/organizer': (c: Call) => {
      const answers = (c.body as { answers: OrganizerAnswers }).answers;
      const claimed = Array.isArray(answers.dependents) && answers.dependents.length > 0;
      return json(200, organizer(answers, claimed ? { group: 'dependents', dependents: [] } : offers(false)));
    },
    'PUT /tickets/TD.0001/organizer/dependents/dep-1': (c: Call) =>
      json(200, offers((c.body as { declined: boolean }).declined)),
    'GET /documents': () => json(200, { items: [], next_cursor: null }),
  });
}

const group = async () => {
  await userEvent.setup().click(await screen.findByTestId('organizer-tab-family'));
  return screen.findByTestId('q-dependents');
};

describe("the household's dependents on the organizer", () => {
  it('offers each one, without filling it in; Add makes the entry with the SSN’s mask and saves it', async () => {
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    const dependents = await group();
    const offer = await within(dependents).findByTestId('household-offer');
    expect(offer).toHaveTextContent('Claim Ana Lopez (born 2016) on this return?');
    expect(dependents).toHaveAttribute('data-count', '0');
    expect(puts(calls)).toHaveLength(0);

    await user.click(within(offer).getByRole('button', { name: 'Add: Ana Lopez' }));
    expect(dependents).toHaveAttribute('data-count', '1');
    expect(within(dependents).getByTestId('q-dependents-entry')).toHaveTextContent('Ana');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toMatchObject({
      answers: {
        dependents: [
          {
            id: 'dep-1',
            first_name: 'Ana',
            last_name: 'Lopez',
            date_of_birth: '2016-05-01',
            relationship: 'Daughter',
            months_lived_with_you: 12,
            ssn: '***-**-1234',
          },
        ],
      },
    });
    await waitFor(() => expect(within(dependents).queryByTestId('household-offers')).toBeNull());
  });

  it('"Not this year": the server remembers it; "Add after all" claims it and offers it again later', async () => {
    const calls = api();
    renderPage();
    const user = userEvent.setup();
    const dependents = await group();
    await user.click(await within(dependents).findByRole('button', { name: 'Not this year: Ana Lopez' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/dependents/dep-1')).map((c) => c.body)).toEqual([
        { declined: true },
      ]),
    );
    const declined = await within(dependents).findByTestId('household-declined');
    expect(declined).toHaveTextContent('Not on this return:');
    expect(within(dependents).queryByTestId('household-offer')).toBeNull();
    expect(puts(calls).filter((c) => c.path.endsWith('/organizer'))).toHaveLength(0);

    await user.click(within(declined).getByRole('button', { name: 'Add Ana Lopez after all' }));
    expect(dependents).toHaveAttribute('data-count', '1');
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/dependents/dep-1')).map((c) => c.body)).toEqual([
        { declined: true },
        { declined: false },
      ]),
    );
  });
});
