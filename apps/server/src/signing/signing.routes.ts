import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import { confirmSigner, passkeyOptions, sendSpouseCode, sendTaxpayerSmsCode } from './signing.confirm.ts';
import type { SigningDeps } from './signing.deps.ts';
import { prepareSigning } from './signing.prepare.ts';
import { sign, signingState } from './signing.service.ts';
import { getSigningSettings, updateSigningSettings } from './signing.settings.ts';

/** Code and password guesses: the per-request failure count locks after 5; this slows scripted tries. */
const confirmLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Form 8879, the IRS e-file signature authorisation: staff prepare it, the taxpayer (and spouse) sign. */
export function signingRoutes(deps: SigningDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.getSigning, {
      handler: async (req) => signingState(deps, authOf(req), req.params.id),
    });

    route(app, api.prepareSigning, {
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(await prepareSigning(deps, authOf(req), req.params.id, { kind: 'generate', body: req.body }, req.ip)),
    });

    route(app, api.uploadSigningForm, {
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', TICKET_TEXTS.signing.sendMultipart);
        const state = await prepareSigning(
          deps,
          authOf(req),
          req.params.id,
          { kind: 'upload', parts: () => req.parts() },
          req.ip,
        );
        return reply.code(201).send(state);
      },
    });

    route(app, api.sendSpouseCode, {
      config: confirmLimit,
      handler: async (req) => sendSpouseCode(deps, authOf(req), req.params.id, req.ip, languageOfRequest(req)),
    });

    route(app, api.sendSigningSmsCode, {
      config: confirmLimit,
      handler: async (req, reply) =>
        reply.code(202).send(await sendTaxpayerSmsCode(deps, authOf(req), req.params.id, req.ip)),
    });

    route(app, api.signingPasskeyOptions, {
      config: confirmLimit,
      handler: async (req) => passkeyOptions(deps, authOf(req), req.params.id),
    });

    route(app, api.getSigningSettings, {
      handler: async () => getSigningSettings(deps.db),
    });

    route(app, api.updateSigningSettings, {
      handler: async (req) => updateSigningSettings(deps.db, authOf(req), req.body, req.ip),
    });

    route(app, api.confirmSigner, {
      config: confirmLimit,
      handler: async (req) => confirmSigner(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    route(app, api.signForm, {
      bodyLimit: 1024 * 1024,
      handler: async (req, reply) =>
        reply.code(201).send(
          await sign(deps, authOf(req), req.params.id, req.body, {
            ip: req.ip,
            userAgent: String(req.headers['user-agent'] ?? ''),
          }),
        ),
    });
  };
}
