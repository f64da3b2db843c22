import type { FastifyInstance } from 'fastify';
import { thirdPartyEndpoints as api } from '@taxportal/contract';
import { onConsentEnded } from '../consents/index.ts';
import { sendVaultFile } from '../documents/index.ts';
import { authOf } from '../platform/auth/guard.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import type { DocumentSharesDeps } from './document-shares.deps.ts';
import { endSharesOfConsent } from './document-shares.repository.ts';
import * as shares from './document-shares.service.ts';
import { openShared, openSharedFile, type Opener } from './shared-access.service.ts';

/**
 * A ticket's documents shared with a third party under the client's §7216 consent (issue 33 item 4, decision 0035):
 * staff's sends, checks and revocations, the list staff and the client see, and the recipient's public page and
 * downloads (rate-limited, never cached, each recorded).
 */
export function documentSharesRoutes(deps: DocumentSharesDeps) {
  return async function routes(app: FastifyInstance) {
    // A revocation ends the links made under it in their list at once (the gate at each open is the rule anyway).
    const stop = onConsentEnded(async (e) => {
      if (e.kind === 'disclose') await endSharesOfConsent(deps.db, e, deps.now());
    });
    app.addHook('onClose', async () => {
      stop();
    });

    route(app, api.listTicketShares, {
      handler: async (req) => shares.listShares(deps, authOf(req), req.params.id),
    });
    route(app, api.checkShareConsent, {
      handler: async (req) =>
        shares.checkShareConsent(deps, authOf(req), req.params.id, req.query.recipient_email, languageOfRequest(req)),
    });
    route(app, api.createTicketShare, {
      handler: async (req, reply) =>
        reply.code(201).send(await shares.createShare(deps, authOf(req), req.params.id, req.body, req.ip)),
    });
    route(app, api.revokeTicketShare, {
      handler: async (req, reply) => {
        await shares.revokeShare(deps, authOf(req), req.params.id, req.params.shareId, req.ip);
        return reply.code(204).send(null);
      },
    });

    const limit = { rateLimit: { max: 120, timeWindow: '1 minute' } };
    const opener = (req: { ip: string; headers: Record<string, unknown> }): Opener => {
      const ua = req.headers['user-agent'];
      return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : null };
    };
    route(app, api.getSharedDocuments, {
      config: limit,
      handler: async (req, reply) =>
        reply.header('cache-control', 'no-store').send(await openShared(deps, req.params.token, opener(req))),
    });
    route(app, api.getSharedDocumentFile, {
      config: limit,
      handler: async (req, reply) => {
        const file = await openSharedFile(deps, req.params.token, req.params.fileId, opener(req));
        return sendVaultFile(deps, reply, file.ref, {
          contentType: file.content_type,
          fileName: file.file_name,
          disposition: 'attachment',
          sizeBytes: file.size_bytes,
          logId: { document: file.id },
        });
      },
    });
  };
}
