import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAMPLE_ORGANIZER, ticketOrganizerSchema } from '@taxportal/contract';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { QuestionnairePage } from './questionnaire-page.tsx';

const session = aSession({
  user: { id: 'c1', full_name: 'Casey Customer', email: 'c@x.test', phone: null },
  roles: ['Customer'],
  login_role: 'Customer',
});
const notFound = () => json(404, { type: 'about:blank', title: 'Not found', status: 404, detail: 'Not found.' });

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/form/:id" element={<QuestionnairePage />} />
    </Routes>,
    { route: '/form/TD.0001' },
  );

/** Issue 32: the ticket's organizer where one applies, else the questionnaire as it was. */
describe('QuestionnairePage: organizer or questionnaire', () => {
  it('keeps the questionnaire when no organizer applies to the ticket', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () => json(200, { ticket_id: 't1', organizer: null }),
      'GET /tickets/TD.0001/profile': notFound,
    });
    renderPage();
    expect(await screen.findByText('This questionnaire does not exist or is not yours.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/tickets/TD.0001/profile')).toBe(true);
    expect(screen.queryByTestId('organizer')).toBeNull();
  });

  it('says so with "Try again" when the organizer cannot be read, never showing the questionnaire instead', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () =>
        fail
          ? json(503, { type: 'about:blank', title: 'Unavailable', status: 503, detail: 'Try again later.' })
          : json(200, { ticket_id: 't1', organizer: null }),
      'GET /tickets/TD.0001/profile': notFound,
    });
    renderPage();
    expect(
      await screen.findByText('We could not load this questionnaire. Check your connection and try again.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/profile'))).toBe(false);
    expect(screen.queryByTestId('questionnaire')).toBeNull();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    // Asked again: no organizer applies, so now the questionnaire is asked for.
    expect(await screen.findByText('This questionnaire does not exist or is not yours.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/tickets/TD.0001/organizer')).toHaveLength(2);
    expect(calls.some((c) => c.path === '/tickets/TD.0001/profile')).toBe(true);
  });

  it("draws the ticket's organizer (its own chunk) where one applies, and never asks for the questionnaire", async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, session),
      'GET /tickets/TD.0001/organizer': () =>
        json(
          200,
          ticketOrganizerSchema.parse({
            ticket_id: 't1',
            organizer: {
              template_id: 'o1',
              name: 'Individual 2026',
              version: 1,
              definition: SAMPLE_ORGANIZER,
              answers: {},
              progress: { answered: 0, required: 6 },
              completion: 0,
              requests: [],
              carried_forward: null,
              updated_at: null,
              revision: 0,
            },
          }),
        ),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Individual 2026' })).toBeInTheDocument();
    expect(await screen.findByText('Filing status')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/profile'))).toBe(false);
  });
});
