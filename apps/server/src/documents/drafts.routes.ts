import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  draftListSchema,
  draftParamsSchema,
  draftSchema,
  requestDraftChangesBodySchema,
  ticketDraftParamsSchema,
  updateDraftBodySchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import * as drafts from './drafts.service.ts';

const tags = ['Drafts'];

/** Tax drafts (tax_draft): staff upload versions, the ticket's customer approves or asks for changes. */
export function draftsRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets/:id/drafts', {
      schema: {
        tags,
        summary:
          "A ticket's draft versions, newest first (its customer or staff); a pending version whose ticket left Draft Ready reads not_reviewed",
        params: ticketDraftParamsSchema,
        response: { 200: draftListSchema },
      },
      handler: async (req) => drafts.listDrafts(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/tickets/:id/drafts', {
      schema: {
        tags,
        summary:
          'Upload a draft version (staff; multipart: label?, note?, then file: a PDF ≤ 10 MB). The ticket moves to Draft Ready',
        consumes: ['multipart/form-data'],
        params: ticketDraftParamsSchema,
        response: { 201: draftSchema },
      },
      handler: async (req, reply) => {
        if (!req.isMultipart()) {
          throw new AppError('unsupported_media_type', 'Send the draft as multipart/form-data.');
        }
        const draft = await drafts.uploadDraft(deps, authOf(req), req.params.id, () => req.parts(), req.ip);
        return reply.code(201).send(draft);
      },
    });

    r.patch('/api/v1/tickets/:id/drafts/:draftId', {
      schema: {
        tags,
        summary: "Change a draft's label: Draft, CPA Reviewed or Sample only (staff)",
        params: draftParamsSchema,
        body: updateDraftBodySchema,
        response: { 200: draftSchema },
      },
      handler: async (req) =>
        drafts.updateDraftLabel(deps, authOf(req), req.params.id, req.params.draftId, req.body, req.ip),
    });

    r.post('/api/v1/tickets/:id/drafts/:draftId/approve', {
      schema: {
        tags,
        summary:
          "Approve the current draft (the ticket's customer) while the ticket is in Draft Ready (409 once it moved on): the ticket moves to Draft Finalised",
        params: draftParamsSchema,
        response: { 200: draftSchema },
      },
      handler: async (req) => drafts.approveDraft(deps, authOf(req), req.params.id, req.params.draftId, req.ip),
    });

    r.post('/api/v1/tickets/:id/drafts/:draftId/request-changes', {
      schema: {
        tags,
        summary:
          "Ask for changes to the current draft (the ticket's customer): the message goes on the conversation, the ticket back to Tax Preparation",
        params: draftParamsSchema,
        body: requestDraftChangesBodySchema,
        response: { 200: draftSchema },
      },
      handler: async (req) =>
        drafts.requestDraftChanges(deps, authOf(req), req.params.id, req.params.draftId, req.body, req.ip),
    });
  };
}
