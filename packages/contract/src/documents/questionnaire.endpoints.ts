import { endpoint } from '../common/endpoint.ts';
import { ticketParamsSchema } from '../tickets/ticket.ts';
import {
  listQuestionnairesQuerySchema,
  questionnaireListSchema,
  type QuestionnaireSection,
  revealFieldBodySchema,
  revealFieldResponseSchema,
  SECTION_SCHEMAS,
  ticketProfileSchema,
} from './questionnaire.ts';

const tags = ['Questionnaire'];

export const getTicketProfile = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/profile',
  tags,
  summary:
    "The ticket's taxpayer questionnaire: four sections (secrets masked), progress, completion, FBAR note; " +
    "an empty one is prefilled from the customer's previous ticket",
  params: ticketParamsSchema,
  response: { 200: ticketProfileSchema },
});

const saveSection = <S extends QuestionnaireSection>(section: S) =>
  endpoint({
    method: 'PUT',
    path: `/api/v1/tickets/:id/profile/${section}`,
    tags,
    summary: `Save the ${section} section (all its answers); a masked value keeps what is stored, null clears it (the sealed value is deleted)`,
    params: ticketParamsSchema,
    body: SECTION_SCHEMAS[section],
    response: { 200: ticketProfileSchema },
  });

/** One PUT per section, each with its own answers schema. */
export const saveProfileSection = {
  tax_payer: saveSection('tax_payer'),
  investment: saveSection('investment'),
  expense: saveSection('expense'),
  global_asset: saveSection('global_asset'),
} as const satisfies Record<QuestionnaireSection, unknown>;

export const revealProfileField = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/profile/reveal',
  tags,
  summary: 'One SSN, ITIN or account number in clear (staff, or the customer their own); audited',
  params: ticketParamsSchema,
  body: revealFieldBodySchema,
  response: { 200: revealFieldResponseSchema },
});

export const listQuestionnaires = endpoint({
  method: 'GET',
  path: '/api/v1/questionnaires',
  tags,
  summary: 'The questionnaires (one per ticket) of the caller, or of a customer (staff), newest ticket first',
  query: listQuestionnairesQuerySchema,
  response: { 200: questionnaireListSchema },
});
