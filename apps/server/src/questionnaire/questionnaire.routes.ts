import type { FastifyInstance } from 'fastify';
import { endpoints as api, QUESTIONNAIRE_SECTIONS } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import * as questionnaire from './questionnaire.service.ts';
import { visibleTicket } from '../tickets/index.ts';

export function questionnaireRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getTicketProfile, {
      handler: async (req) => questionnaire.getProfile(deps, authOf(req), req.params.id),
    });

    for (const section of QUESTIONNAIRE_SECTIONS) {
      route(app, api.saveProfileSection[section], {
        // Whose ticket it is comes before what was sent: another customer's ticket is 404, never 422.
        preValidation: async (req) => {
          await visibleTicket(deps.db, authOf(req), String((req.params as { id?: unknown }).id ?? ''));
        },
        handler: async (req) =>
          questionnaire.saveSection(deps, authOf(req), req.params.id, section, req.body as never, req.ip),
      });
    }

    route(app, api.revealProfileField, {
      handler: async (req) => questionnaire.revealField(deps, authOf(req), req.params.id, req.body.field, req.ip),
    });

    route(app, api.listQuestionnaires, {
      handler: async (req) => questionnaire.listQuestionnaires(deps, authOf(req), req.query),
    });
  };
}
