import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { ConsentsDeps } from './consents.deps.ts';
import * as service from './consents.service.ts';
import { consentPasskeyOptions, sendConsentCode, signConsent } from './consents.sign.ts';

/** §7216 consents (docs/decisions/0034): staff prepare and withdraw; the client reads, signs, declines, revokes. */
export function consentsRoutes(deps: ConsentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listConsents, {
      handler: async (req) => service.listConsents(deps, authOf(req), req.query),
    });
    route(app, api.getConsent, {
      handler: async (req) => service.getConsent(deps, authOf(req), req.params.id),
    });
    route(app, api.getConsentPdf, {
      handler: async (req, reply) =>
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="consent-${req.params.id}.pdf"`)
          .header('cache-control', 'no-store')
          .send(await service.consentPdfOf(deps, authOf(req), req.params.id)),
    });
    route(app, api.createConsent, {
      handler: async (req, reply) => reply.code(201).send(await service.prepareConsent(deps, authOf(req), req.body)),
    });
    route(app, api.withdrawConsent, {
      handler: async (req) => service.withdrawConsent(deps, authOf(req), req.params.id),
    });
    route(app, api.sendConsentCode, {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (req, reply) =>
        reply.code(202).send(
          await sendConsentCode(deps, authOf(req), req.params.id, {
            ip: req.ip,
            userAgent: req.headers['user-agent'] ?? null,
          }),
        ),
    });
    route(app, api.consentPasskeyOptions, {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      handler: async (req) => consentPasskeyOptions(deps, authOf(req), req.params.id),
    });
    route(app, api.signConsent, {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      handler: async (req) =>
        signConsent(deps, authOf(req), req.params.id, req.body, {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        }),
    });
    route(app, api.declineConsent, {
      handler: async (req) => service.declineConsent(deps, authOf(req), req.params.id),
    });
    route(app, api.revokeConsent, {
      handler: async (req) => service.revokeConsent(deps, authOf(req), req.params.id),
    });
  };
}
