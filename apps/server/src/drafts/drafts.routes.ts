import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import { route } from '../platform/route.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import * as drafts from './drafts.service.ts';

/** Tax drafts (tax_draft): staff upload versions, the ticket's customer approves or asks for changes. */
export function draftsRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listDrafts, {
      handler: async (req) => drafts.listDrafts(deps, authOf(req), req.params.id),
    });

    route(app, api.uploadDraft, {
      handler: async (req, reply) => {
        if (!req.isMultipart()) {
          throw new AppError('unsupported_media_type', TICKET_TEXTS.drafts.sendMultipart);
        }
        const draft = await drafts.uploadDraft(deps, authOf(req), req.params.id, () => req.parts(), req.ip);
        return reply.code(201).send(draft);
      },
    });

    route(app, api.updateDraftLabel, {
      handler: async (req) =>
        drafts.updateDraftLabel(deps, authOf(req), req.params.id, req.params.draftId, req.body, req.ip),
    });

    route(app, api.approveDraft, {
      handler: async (req) => drafts.approveDraft(deps, authOf(req), req.params.id, req.params.draftId, req.ip),
    });

    route(app, api.requestDraftChanges, {
      handler: async (req) =>
        drafts.requestDraftChanges(deps, authOf(req), req.params.id, req.params.draftId, req.body, req.ip),
    });
  };
}
