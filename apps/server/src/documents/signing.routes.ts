import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmSignerBodySchema,
  prepareSigningBodySchema,
  signBodySchema,
  signerConfirmationSchema,
  signingParamsSchema,
  signingStateSchema,
  spouseCodeSentSchema,
} from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import { confirmSigner, sendSpouseCode } from './signing.confirm.ts';
import { prepareSigning, sign, signingState } from './signing.service.ts';

const tags = ['E-signing'];
/** Password and code guesses: the per-request failure count locks after 5; this slows scripted tries. */
const confirmLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Form 8879, the IRS e-file signature authorisation: staff prepare it, the taxpayer (and spouse) sign. */
export function signingRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/v1/tickets/:id/signing', {
      schema: {
        tags,
        summary: "The ticket's Form 8879: who has signed and when, the unsigned and signed documents",
        params: signingParamsSchema,
        response: { 200: signingStateSchema },
      },
      handler: async (req) => signingState(deps, authOf(req), req.params.id),
    });

    r.post('/api/v1/tickets/:id/signing', {
      schema: {
        tags,
        summary: 'Prepare Form 8879 from the ticket (staff): taxpayer, tax year, firm; joint returns name the spouse',
        params: signingParamsSchema,
        body: prepareSigningBodySchema,
        response: { 201: signingStateSchema },
      },
      handler: async (req, reply) =>
        reply
          .code(201)
          .send(await prepareSigning(deps, authOf(req), req.params.id, { kind: 'generate', body: req.body }, req.ip)),
    });

    r.post('/api/v1/tickets/:id/signing/upload', {
      schema: {
        tags,
        summary:
          "Prepare Form 8879 from the firm's own PDF (staff; multipart: joint?, spouse_name?, spouse_email?, file)",
        consumes: ['multipart/form-data'],
        params: signingParamsSchema,
        response: { 201: signingStateSchema },
      },
      handler: async (req, reply) => {
        if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the form as multipart/form-data.');
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

    r.post('/api/v1/tickets/:id/signing/spouse-code', {
      config: confirmLimit,
      schema: {
        tags,
        summary: "E-mail the spouse a one-time code (joint returns; the taxpayer's session)",
        params: signingParamsSchema,
        response: { 200: spouseCodeSentSchema },
      },
      handler: async (req) => sendSpouseCode(deps, authOf(req), req.params.id, req.ip),
    });

    r.post('/api/v1/tickets/:id/signing/confirm', {
      config: confirmLimit,
      schema: {
        tags,
        summary:
          "Confirm the signer first: the taxpayer's password or the spouse's e-mailed code (a wrong one is counted)",
        params: signingParamsSchema,
        body: confirmSignerBodySchema,
        response: { 200: signerConfirmationSchema },
      },
      handler: async (req) => confirmSigner(deps, authOf(req), req.params.id, req.body, req.ip),
    });

    r.post('/api/v1/tickets/:id/signing/sign', {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary:
          'Sign (the confirmed signer): typed name and a drawn or typed signature; the signed PDF gets an audit page',
        params: signingParamsSchema,
        body: signBodySchema,
        response: { 201: signingStateSchema },
      },
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
