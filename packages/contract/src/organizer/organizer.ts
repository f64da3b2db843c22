import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { DOCUMENT_REQUEST_STATUSES } from '../documents/request-values.ts';
import { householdOffersSchema } from '../households/dependents.ts';
import { organizerDefinitionSchema, QUESTION_ID_PATTERN } from './organizer-definition.ts';

/** The organizer's API shapes (issue 32): Admin's templates and versions, a ticket's organizer and its answers. */

export const organizerParamsSchema = z.object({ id: opaqueText().min(1).max(64) });

/** A template applies to a service (null: any) and a tax year (null: any); the most specific published one wins. */
const templateFields = {
  name: text().min(1).max(120),
  service_id: opaqueText().min(1).max(64).nullable(),
  tax_year: z.number().int().min(2000).max(2100).nullable(),
};

export const organizerSummarySchema = z.object({
  id: z.string(),
  ...templateFields,
  service_name: z.string().nullable(),
  /** The version tickets get now (null: never published). */
  published_version: z.number().int().nullable(),
  /** A version being edited, not yet given to anyone. */
  has_draft: z.boolean(),
  /** Tickets holding answers to any of its versions. */
  tickets: z.number().int(),
  updated_at: z.string(),
});
export type OrganizerSummary = z.infer<typeof organizerSummarySchema>;
export const organizerListSchema = z.object({ items: z.array(organizerSummarySchema) });

const versionSchema = z.object({
  version: z.number().int(),
  definition: organizerDefinitionSchema,
  published_at: z.string().nullable(),
  created_at: z.string(),
});

export const organizerDetailSchema = organizerSummarySchema.extend({
  /** The draft if there is one, else the published version. */
  current: versionSchema.nullable(),
  versions: z.array(z.object({ version: z.number().int(), published_at: z.string().nullable() })),
});
export type OrganizerDetail = z.infer<typeof organizerDetailSchema>;

/** POST /api/v1/admin/organizers: a new template, empty or starting from a definition (a copy). */
export const createOrganizerBodySchema = z.strictObject({
  ...templateFields,
  definition: organizerDefinitionSchema.optional(),
});
export const updateOrganizerBodySchema = z.strictObject(templateFields);
/** PUT /api/v1/admin/organizers/:id/draft: the definition being edited (a published version never changes). */
export const saveOrganizerDraftBodySchema = z.strictObject({ definition: organizerDefinitionSchema });

export const organizerRequestSchema = z.object({
  key: z.string(),
  label: z.string(),
  document_type_name: z.string().nullable(),
  /** The ticket's document request it made (null: not made yet, e.g. the organizer was never saved). */
  request_id: z.string().nullable(),
  status: z.enum(DOCUMENT_REQUEST_STATUSES).nullable(),
});

/** GET /api/v1/tickets/:id/organizer: the ticket's organizer, or `organizer: null` (the questionnaire applies). */
export const ticketOrganizerSchema = z.object({
  ticket_id: z.string(),
  organizer: z
    .object({
      template_id: z.string(),
      name: z.string(),
      version: z.number().int(),
      definition: organizerDefinitionSchema,
      /** SSNs and ITINs masked (`***-**-1234`). */
      answers: z.record(z.string(), z.unknown()),
      progress: z.object({ answered: z.number().int(), required: z.number().int() }),
      completion: z.number().int().min(0).max(100),
      requests: z.array(organizerRequestSchema),
      /**
       * Answers carried from the client's organizer of an earlier year, not yet confirmed ("from 2025: still
       * right?"): the questions by id. Until confirmed (or changed) they ask for no documents; their requests are
       * only proposed (`request_id` null).
       */
      carried_forward: z
        .object({ from_year: z.number().int(), from_ticket_name: z.string(), questions: z.array(z.string()) })
        .nullable(),
      updated_at: z.string().nullable(),
      /**
       * Counts the saves of these answers (0: never saved by a person). A save names the revision it started from;
       * a save from a page that missed another's (a second tab) is refused (409) rather than undo it.
       */
      revision: z.number().int().min(0),
      /**
       * Its group of household dependents (household-group.ts): the household's dependents not in the answers yet,
       * offered to claim on this return; null when it has no such group or can no longer change.
       */
      household: householdOffersSchema.nullable().default(null),
    })
    .nullable(),
});
export type TicketOrganizer = z.infer<typeof ticketOrganizerSchema>;

/**
 * PUT /api/v1/tickets/:id/organizer: all the answers, to the version the client was shown (the first save pins it;
 * another version is a conflict), from the revision it last read (another is a conflict: someone saved since). A
 * masked SSN or account number keeps what is stored, and so does leaving it out; only null clears it.
 */
export const saveOrganizerAnswersBodySchema = z.strictObject({
  version: z.number().int().min(1),
  /** The `revision` these answers were read at. */
  revision: z.number().int().min(0),
  /** Checked against the version's questions by the server (answersSchemaFor), which never echoes a key it refuses. */
  answers: z.looseObject({}),
  /** Carried-forward answers the client confirms as still right (an answer changed is confirmed by the change). */
  confirmed: z.array(z.string().regex(QUESTION_ID_PATTERN)).max(500).optional(),
});

/** POST /api/v1/tickets/:id/organizer/reveal: one SSN or ITIN in clear (`question` or `group.entryId.question`). */
export const revealOrganizerBodySchema = z.strictObject({
  path: z.string().regex(/^[a-z][a-z0-9_]{0,39}(\.[\w-]{1,40}\.[a-z][a-z0-9_]{0,39})?$/),
});
export const revealOrganizerResponseSchema = z.object({ path: z.string(), value: z.string() });
