import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  listQuestionnairesQuerySchema,
  QUESTIONNAIRE_SECTIONS,
  questionnaireListSchema,
  revealFieldBodySchema,
  revealFieldResponseSchema,
  SECTION_SCHEMAS,
  ticketParamsSchema,
  ticketProfileSchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import * as questionnaire from './questionnaire.service.ts';
import { visibleTicket } from '../tickets/index.ts';

const tags = ['Questionnaire'];

export function questionnaireRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets/:id/profile', {
      schema: {
        tags,
        summary:
          "The ticket's taxpayer questionnaire: four sections (secrets masked), progress, completion, FBAR note; " +
          "an empty one is prefilled from the customer's previous ticket",
        params: ticketParamsSchema,
        response: { 200: ticketProfileSchema },
      },
      handler: async (req) => questionnaire.getProfile(deps, authOf(req), req.params.id),
    });

    for (const section of QUESTIONNAIRE_SECTIONS) {
      r.put(`/api/v1/tickets/:id/profile/${section}`, {
        schema: {
          tags,
          summary: `Save the ${section} section (all its answers); a masked value keeps what is stored, null clears it (the sealed value is deleted)`,
          params: ticketParamsSchema,
          body: SECTION_SCHEMAS[section],
          response: { 200: ticketProfileSchema },
        },
        // Whose ticket it is comes before what was sent: another customer's ticket is 404, never 422.
        preValidation: async (req) => {
          await visibleTicket(deps.db, authOf(req), String((req.params as { id?: unknown }).id ?? ''));
        },
        handler: async (req) =>
          questionnaire.saveSection(deps, authOf(req), req.params.id, section, req.body as never, req.ip),
      });
    }

    r.post('/api/v1/tickets/:id/profile/reveal', {
      schema: {
        tags,
        summary: 'One SSN, ITIN or account number in clear (staff, or the customer their own); audited',
        params: ticketParamsSchema,
        body: revealFieldBodySchema,
        response: { 200: revealFieldResponseSchema },
      },
      handler: async (req) => questionnaire.revealField(deps, authOf(req), req.params.id, req.body.field, req.ip),
    });

    r.get('/api/v1/questionnaires', {
      schema: {
        tags,
        summary: 'The questionnaires (one per ticket) of the caller, or of a customer (staff), newest ticket first',
        querystring: listQuestionnairesQuerySchema,
        response: { 200: questionnaireListSchema },
      },
      handler: async (req) => questionnaire.listQuestionnaires(deps, authOf(req), req.query),
    });
  };
}
