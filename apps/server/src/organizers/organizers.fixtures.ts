import {
  organizerDefinitionSchema,
  SAMPLE_ORGANIZER,
  type OrganizerDefinition,
  type OrganizerDetail,
  type TicketOrganizer,
} from '@taxportal/contract';
import type { Agent, TestApp } from '../test/helper.ts';
import { openTicket, pickService } from '../test/ticket-fixtures.ts';

/**
 * The organizer tests' fixtures: SAMPLE_ORGANIZER with one more question hanging on ANY employer entry
 * (`employers.other_state`), built through the contract's schema; templates made and published through the API.
 */
const [aboutYou, income, family] = SAMPLE_ORGANIZER.sections;
export const TEST_ORGANIZER: OrganizerDefinition = organizerDefinitionSchema.parse({
  sections: [
    aboutYou,
    {
      ...income!,
      questions: [
        ...income!.questions.slice(0, 2),
        {
          id: 'multi_state',
          type: 'yes_no',
          label: { en: 'Did you file in more than one state?' },
          show_if: { question: 'employers.other_state', op: 'equals', value: true },
        },
        ...income!.questions.slice(2),
      ],
    },
    family,
  ],
});

/** Makes a template as Admin and publishes its first version; its id. */
export async function publishTemplate(
  admin: Agent,
  opts: { definition?: OrganizerDefinition; service_id?: string | null; tax_year?: number | null; name?: string },
): Promise<string> {
  const created = await admin.post('/api/v1/admin/organizers', {
    name: opts.name ?? 'Organizer',
    service_id: opts.service_id ?? null,
    tax_year: opts.tax_year ?? null,
    definition: opts.definition ?? TEST_ORGANIZER,
  });
  if (created.statusCode !== 201) throw new Error(`organizer not created: ${created.statusCode} ${created.body}`);
  const { id } = created.json() as OrganizerDetail;
  const published = await admin.post(`/api/v1/admin/organizers/${id}/publish`);
  if (published.statusCode !== 200) throw new Error(`not published: ${published.statusCode} ${published.body}`);
  return id;
}

/** A ticket of the tests' service (pickService) in `year`, opened by `customer`. */
export async function ticketIn(t: TestApp, customer: Agent, year: number) {
  return openTicket(t, customer, { year });
}

export const serviceOfTests = async (t: TestApp) => (await pickService(t)).service_id;

export const organizerOf = async (agent: Agent, ticketId: string) => {
  const res = await agent.get(`/api/v1/tickets/${ticketId}/organizer`);
  if (res.statusCode !== 200) throw new Error(`organizer not read: ${res.statusCode} ${res.body}`);
  return (res.json() as TicketOrganizer).organizer;
};

/**
 * The revision of each ticket's answers after the last save the tests made through saveAnswers (0 before any): what
 * a page that saved them would send next. Kept here rather than read with a GET, which would start the ticket's
 * organizer from an earlier year's answers (carry-forward) where a test did not ask for it.
 */
const revisions = new Map<string, number>();
export const knownRevision = (ticketId: string): number => revisions.get(ticketId) ?? 0;

/** All the answers, saved as the page that made the last save would (its revision, unless given). */
export const saveAnswers = async (
  agent: Agent,
  ticketId: string,
  version: number,
  answers: Record<string, unknown>,
  more: { revision?: number; confirmed?: string[] } = {},
) => {
  const res = await agent.put(`/api/v1/tickets/${ticketId}/organizer`, {
    version,
    revision: more.revision ?? knownRevision(ticketId),
    answers,
    ...(more.confirmed ? { confirmed: more.confirmed } : {}),
  });
  const saved = res.statusCode === 200 ? (res.json() as TicketOrganizer).organizer : null;
  if (saved) revisions.set(ticketId, saved.revision);
  return res;
};
