import { z } from 'zod';
import { isoDateSchema, text } from '../common/text.ts';
import { taxIdAnswer } from '../documents/tax-id.ts';
import { ENTRY_ID } from '../organizer/organizer-answers.ts';
import { ticketParamsSchema } from '../tickets/ticket.ts';

/**
 * A household's dependents (issue 32 item 5: "kept once per household and offered to each year's organizer"): both
 * spouses see and edit one list, on the Household page and through the organizer's group of household dependents
 * (organizer/household-group.ts, whose fixed mapping names these fields). The SSN or ITIN is sealed at rest and
 * masked in every answer; the clear number only through the audited reveal.
 */
export const MAX_HOUSEHOLD_DEPENDENTS = 20;

/** Field messages (FIELD_TEXTS.householdDependents; Spanish: texts/es/fields.json). */
export const HOUSEHOLD_DEPENDENT_FIELD_MESSAGES = {
  firstName: 'Enter the first name.',
  months: 'Enter whole months, from 0 to 12.',
  bornInFuture: 'A date of birth cannot be in the future.',
  bornTooEarly: 'Enter a date of birth from 1900 on.',
} as const;
const F = HOUSEHOLD_DEPENDENT_FIELD_MESSAGES;

/** The refusals a person reads (SERVER_TEXTS.householdDependents; Spanish: texts/es/household-dependents.json). */
export const HOUSEHOLD_DEPENDENT_MESSAGES = {
  notFound: 'Dependent not found.',
  tooMany: 'A household keeps at most {{max}} dependents. Remove one under Household → Dependents first.',
  duplicateSsn: 'This household already has a dependent with this SSN or ITIN.',
  tooManyTogether:
    'Together your households would keep more than {{max}} dependents. Remove some under Household → Dependents first.',
  nothingStored: 'No SSN or ITIN is stored for this dependent.',
} as const;

const months = z
  .number({ error: () => F.months })
  .int({ error: () => F.months })
  .min(0, { error: () => F.months })
  .max(12, { error: () => F.months });

/** A date of birth: a real date, from 1900 on, not after today (UTC, a day of slack for the reader's zone). */
const bornOn = isoDateSchema()
  .refine((v) => v >= '1900-01-01', { error: () => F.bornTooEarly })
  .refine((v) => v <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
    error: () => F.bornInFuture,
  });

/**
 * A dependent as a person writes it (the Household page; an organizer entry is read through the same schema). An
 * empty text is no answer. `ssn`: nine digits (dashes allowed), or the mask the server sent, meaning "keep it"; null
 * removes it (the one SSN rule: documents/tax-id.ts).
 */
export const householdDependentBodySchema = z.strictObject({
  first_name: text()
    .min(1, { error: () => F.firstName })
    .max(120),
  last_name: text().max(120).nullable().optional(),
  date_of_birth: bornOn.nullable().optional(),
  relationship: text().max(60).nullable().optional(),
  months_lived_with_you: months.nullable().optional(),
  ssn: taxIdAnswer().nullable().optional(),
});
export type HouseholdDependentBody = z.input<typeof householdDependentBodySchema>;

/** A dependent as the API shows it: the SSN or ITIN masked (`***-**-1234`). */
export const householdDependentSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  relationship: z.string().nullable(),
  months_lived_with_you: z.number().int().nullable(),
  ssn: z.string().nullable(),
  updated_at: z.string(),
});
export type HouseholdDependent = z.infer<typeof householdDependentSchema>;

export const householdDependentListSchema = z.object({
  items: z.array(householdDependentSchema),
  max: z.number().int(),
});
export type HouseholdDependentList = z.infer<typeof householdDependentListSchema>;

/** Ids are the server's (a UUID) or an organizer entry's (which the dependent keeps): the entry id rule. */
const dependentId = z.string().regex(ENTRY_ID);
export const householdDependentParamsSchema = z.object({ id: dependentId });
export const revealHouseholdDependentResponseSchema = z.object({ id: z.string(), value: z.string() });

/**
 * A ticket's organizer with a group of household dependents: the household's dependents its answers do not hold
 * yet, offered ("Claim Ana (born 2016) on this return?"), each with whether the filer said "not this year".
 */
export const householdDependentOfferSchema = householdDependentSchema.extend({ declined: z.boolean() });
export type HouseholdDependentOffer = z.infer<typeof householdDependentOfferSchema>;
export const householdOffersSchema = z.object({
  /** The group's question id. */
  group: z.string(),
  dependents: z.array(householdDependentOfferSchema),
});
export type HouseholdOffers = z.infer<typeof householdOffersSchema>;

export const ticketDependentParamsSchema = ticketParamsSchema.extend({ dependentId });
/** PUT /api/v1/tickets/:id/organizer/dependents/:dependentId: "not this year" (true), or offer it again (false). */
export const declineDependentBodySchema = z.strictObject({ declined: z.boolean() });
