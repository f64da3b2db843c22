import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as letters from './engagement-letters.service.ts';
import { remindLetter } from './engagement-remind.service.ts';
import * as letterBatches from './engagement-batches.service.ts';
import { createLetterBatchRunner } from './engagement-batches.send.ts';
import { createEngagementJobRunner } from './engagement.reminders.ts';
import * as signing from './engagement-sign.service.ts';
import * as templates from './engagement-templates.service.ts';
import { visibleLetter } from './engagement-view.ts';

/** Code and password guesses: the per-signer failure count locks after 5; this slows scripted tries. */
const confirmLimit = { rateLimit: { max: 20, timeWindow: '1 minute' } };

/** Engagement letters (docs/decisions/0036): Admin's templates and setting, staff's letters, the client's signing. */
export function engagementRoutes(deps: EngagementDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listEngagementTemplates, { handler: async () => templates.listTemplates(deps.db) });
    route(app, api.createEngagementTemplate, {
      handler: async (req, reply) =>
        reply.code(201).send(await templates.createTemplate(deps, authOf(req), req.body, req.ip)),
    });
    route(app, api.getEngagementTemplate, { handler: async (req) => templates.getTemplate(deps.db, req.params.id) });
    route(app, api.updateEngagementTemplate, {
      handler: async (req) => templates.updateTemplate(deps, authOf(req), req.params.id, req.body, req.ip),
    });
    route(app, api.getEngagementSettings, { handler: async () => templates.getSettings(deps.db) });
    route(app, api.updateEngagementSettings, {
      handler: async (req) => templates.updateSettings(deps.db, authOf(req), req.body, req.ip),
    });

    route(app, api.listEngagementLetters, {
      handler: async (req) => letters.listLetters(deps, authOf(req), req.query),
    });
    route(app, api.prefillEngagementLetter, { handler: async (req) => letters.prefill(deps, req.query) });
    route(app, api.createEngagementLetter, {
      handler: async (req, reply) =>
        reply.code(201).send(await letters.createLetter(deps, authOf(req), req.body, req.ip)),
    });
    // A season's letters at once: answered 202, sent by the batches' runner, woken at once (tests' apps too).
    const batchRunner = createLetterBatchRunner(deps);
    let passes: Promise<unknown> = Promise.resolve();
    const kick = () => {
      const pass = batchRunner
        .tick()
        .catch((err: unknown) => deps.log.error({ err: (err as Error).message }, 'letter batch pass failed'));
      passes = Promise.all([passes, pass]);
    };
    if (deps.config.NODE_ENV !== 'test') app.addHook('onReady', async () => batchRunner.start());
    app.addHook('onClose', async () => {
      await batchRunner.stop();
      await passes;
    });
    route(app, api.previewEngagementLetterBatch, {
      handler: async (req) => letterBatches.previewBatch(deps, req.body),
    });
    route(app, api.createEngagementLetterBatch, {
      handler: async (req, reply) =>
        reply.code(202).send(await letterBatches.createBatch(deps, authOf(req), req.body, req.ip, kick)),
    });
    route(app, api.getEngagementLetterBatch, {
      handler: async (req) => letterBatches.getBatch(deps, req.params.id),
    });
    route(app, api.getEngagementLetter, {
      handler: async (req) => letters.getLetter(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.sendEngagementLetter, {
      handler: async (req) => letters.sendLetter(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.voidEngagementLetter, {
      handler: async (req) => letters.voidLetter(deps, authOf(req), req.params.id, req.ip),
    });
    route(app, api.remindEngagementLetter, {
      handler: async (req, reply) => reply.code(202).send(await remindLetter(deps, authOf(req), req.params.id, req.ip)),
    });
    // Whose letter it is comes before what was sent: another customer's letter is 404, never 422.
    const seenFirst = async (req: { params: unknown }, auth: ReturnType<typeof authOf>) => {
      await visibleLetter(deps.db, auth, String((req.params as { id?: unknown }).id ?? ''));
    };
    route(app, api.declineEngagementLetter, {
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req) => letters.declineLetter(deps, authOf(req), req.params.id, req.body.reason, req.ip),
    });
    route(app, api.letterSmsCode, {
      config: confirmLimit,
      handler: async (req, reply) =>
        reply.code(202).send(await signing.letterSmsCode(deps, authOf(req), req.params.id, req.ip)),
    });
    route(app, api.letterPasskeyOptions, {
      config: confirmLimit,
      handler: async (req) => signing.letterPasskeyOptions(deps, authOf(req), req.params.id),
    });
    route(app, api.confirmLetterSigner, {
      config: confirmLimit,
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req) => signing.confirmLetterSigner(deps, authOf(req), req.params.id, req.body, req.ip),
    });
    route(app, api.signEngagementLetter, {
      bodyLimit: 1024 * 1024,
      preValidation: async (req) => seenFirst(req, authOf(req)),
      handler: async (req, reply) =>
        reply.code(201).send(
          await signing.signLetter(deps, authOf(req), req.params.id, req.body, {
            ip: req.ip,
            userAgent: String(req.headers['user-agent'] ?? ''),
          }),
        ),
    });

    // Reminders and expiry run in the background with the app (tests drive their own runners with tick()).
    if (deps.config.NODE_ENV !== 'test') {
      const runner = createEngagementJobRunner(deps);
      app.addHook('onReady', async () => runner.start());
      app.addHook('onClose', async () => runner.stop());
    }
  };
}
