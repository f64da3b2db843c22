import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import { registerMultipart } from '../platform/multipart.ts';
import { route } from '../platform/route.ts';
import { commitImport } from './client-import.commit.ts';
import type { ClientImportDeps } from './client-import.deps.ts';
import { dryRun } from './client-import.dry-run.ts';
import * as imports from './client-import.service.ts';
import { uploadImport } from './client-import.upload.ts';
import { clientNotes } from './client-notes.service.ts';
import * as invitations from './client-invitations.service.ts';
import { createClientImportJobRunner } from './client-invitations.send.ts';

/**
 * Admin's client import (issue 32) and what comes of it: the upload (multipart, this scope only), mapping, dry run,
 * commit, invitations (sent by a background runner that a new batch wakes at once), the invitee's link check, and
 * staff's note on a client.
 */
export function clientImportRoutes(deps: ClientImportDeps) {
  return async function routes(app: FastifyInstance) {
    await registerMultipart(app);
    const actor = (req: Parameters<typeof authOf>[0]) => ({ userId: authOf(req).user.id, ip: req.ip });

    // Invitations go out in the background; tests drive their own runner with tick().
    let kick = () => {};
    if (deps.config.NODE_ENV !== 'test') {
      const runner = createClientImportJobRunner(deps);
      app.addHook('onReady', async () => runner.start());
      app.addHook('onClose', async () => runner.stop());
      kick = () => {
        runner
          .tick()
          .catch((err: unknown) => deps.log.error({ err: (err as Error).message }, 'invitations pass failed'));
      };
    }

    route(app, api.uploadClientImport, {
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', T.file.notMultipart);
        return reply.code(201).send(await uploadImport(deps, actor(req), req.parts()));
      },
    });
    route(app, api.listClientImports, {
      handler: async (req) => imports.listImports(deps, actor(req), req.query),
    });
    route(app, api.getClientImport, { handler: async (req) => imports.getImport(deps, actor(req), req.params.id) });
    route(app, api.putClientImportMapping, {
      handler: async (req) => imports.putMapping(deps, actor(req), req.params.id, req.body.mapping),
    });
    route(app, api.dryRunClientImport, { handler: async (req) => dryRun(deps, actor(req), req.params.id) });
    route(app, api.listClientImportRows, {
      handler: async (req) => imports.listRows(deps, actor(req), req.params.id, req.query),
    });
    route(app, api.commitClientImport, { handler: async (req) => commitImport(deps, actor(req), req.params.id) });

    route(app, api.inviteImportedClients, {
      handler: async (req, reply) =>
        reply.code(202).send(await invitations.inviteClients(deps, actor(req), req.params.id, req.body, kick)),
    });
    route(app, api.listClientInvitations, {
      handler: async (req) => invitations.listInvitations(deps, actor(req), req.params.id, req.query),
    });
    route(app, api.resendClientInvitation, {
      handler: async (req, reply) =>
        reply
          .code(202)
          .send(
            await invitations.resendInvitation(
              deps,
              actor(req),
              req.params.id,
              req.params.invitationId,
              kick,
              req.body?.channel,
            ),
          ),
    });
    route(app, api.resendUnopenedClientInvitations, {
      handler: async (req, reply) =>
        reply.code(202).send(await invitations.resendUnopened(deps, actor(req), req.params.id, kick)),
    });
    route(app, api.openClientInvitation, {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      handler: async (req) => invitations.openInvitation(deps, req.body.token),
    });

    route(app, api.getClientNotes, { handler: async (req) => clientNotes(deps, req.params.id) });
  };
}
