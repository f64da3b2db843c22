import { screen, within } from '@testing-library/react';
import {
  evaluateOrganizer,
  questionOfRequestKey,
  SAMPLE_ORGANIZER,
  ticketOrganizerSchema,
  type OrganizerAnswers,
  type TicketOrganizer,
} from '@taxportal/contract';
import { Route, Routes, useParams } from 'react-router';
import { json, mockApi, type Call } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { useTicketOrganizer } from './organizer-api.ts';
import OrganizerPage from './organizer-page.tsx';

/** What the organizer page's tests share: the server's answers, built through the contract, and the page in place. */

export const session = aSession({
  user: { id: 'c1', full_name: 'Casey Customer', email: 'c@x.test', phone: null },
  roles: ['Customer'],
  login_role: 'Customer',
});

/** Answers carried from an earlier year and still to confirm, as the server lists them. */
export interface Carried {
  from_year: number;
  questions: string[];
}

/**
 * The server's answer, built through the contract (its requests: those the answers ask for, made and open; those of
 * a question still carried only proposed, with no request).
 */
export function anOrganizer(
  answers: OrganizerAnswers = {},
  version = 3,
  carried: Carried | null = null,
  revision = 0,
): TicketOrganizer {
  const evaluation = evaluateOrganizer(SAMPLE_ORGANIZER, answers);
  const masked = Object.fromEntries(
    Object.entries(answers).map(([k, v]) => [
      k,
      k.endsWith('ssn') && typeof v === 'string' ? `***-**-${v.slice(-4)}` : v,
    ]),
  );
  const isProposed = (key: string) => !!carried?.questions.includes(questionOfRequestKey(key));
  return ticketOrganizerSchema.parse({
    ticket_id: 't1',
    organizer: {
      template_id: 'o1',
      name: 'Individual 2026',
      version,
      definition: SAMPLE_ORGANIZER,
      answers: masked,
      progress: evaluation.progress,
      completion: 0,
      requests: evaluation.requests.map((r, i) => ({
        key: r.key,
        label: r.item ? `${r.label.en}: ${r.item}` : r.label.en,
        document_type_name: r.document_type,
        request_id: isProposed(r.key) ? null : `r${i}`,
        status: isProposed(r.key) ? null : 'open',
      })),
      carried_forward: carried && carried.questions.length ? { ...carried, from_ticket_name: 'TD.0000' } : null,
      updated_at: null,
      revision,
    },
  });
}

/** What the questionnaire page does for a ticket with an organizer (its switch has its own test there). */
function TicketOrganizerPage() {
  const { id } = useParams();
  const query = useTicketOrganizer(id!);
  const organizer = query.data?.organizer;
  return organizer ? <OrganizerPage ticketRef={id!} ticketId={query.data!.ticket_id} organizer={organizer} /> : null;
}

export const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/form/:id" element={<TicketOrganizerPage />} />
    </Routes>,
    { route: '/form/TD.0001' },
  );

/** What a PUT sent: the answers, from the revision it names. */
export type SavedBody = { answers: OrganizerAnswers; revision: number; version: number; confirmed?: string[] };

/** The server's answer to a save: what it saved (SSNs masked), one revision on. */
export const savedAs = (c: Call, carried: Carried | null = null) => {
  const body = c.body as SavedBody;
  return anOrganizer(body.answers, body.version, carried, body.revision + 1);
};

/** The API of a ticket with the sample organizer: each PUT answers what it saved (SSNs masked). */
export function organizerApi(initial: OrganizerAnswers = {}, put?: (c: Call) => Response) {
  return mockApi({
    'GET /auth/session': () => json(200, session),
    'GET /tickets/TD.0001/organizer': () => json(200, anOrganizer(initial)),
    'PUT /tickets/TD.0001/organizer': put ?? ((c) => json(200, savedAs(c))),
    'GET /documents': () => json(200, { items: [], next_cursor: null }),
  });
}

export const documents = () => within(screen.getByTestId('organizer-documents'));
export const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');
