import type { FastifyInstance } from 'fastify';
import { thirdPartyEndpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { OffersDeps } from './offers.deps.ts';
import { createOffersJobRunner } from './offers.send.ts';
import * as offers from './offers.service.ts';

/**
 * Admin's offers beyond tax preparation (issue 33 item 4, decision 0035): the preview (who is skipped without a
 * consent to use), the send (in the background: a runner that a new offer wakes at once), the list and each
 * offer's recipients.
 */
export function offersRoutes(deps: OffersDeps) {
  return async function routes(app: FastifyInstance) {
    const actor = (req: Parameters<typeof authOf>[0]) => ({ userId: authOf(req).user.id, ip: req.ip });

    // Offers go out in the background; tests drive their own runner with tick().
    let kick = () => {};
    if (deps.config.NODE_ENV !== 'test') {
      const runner = createOffersJobRunner(deps);
      app.addHook('onReady', async () => runner.start());
      app.addHook('onClose', async () => runner.stop());
      kick = () => {
        runner.tick().catch((err: unknown) => deps.log.error({ err: (err as Error).message }, 'offers pass failed'));
      };
    }

    route(app, api.previewOffer, { handler: async (req) => offers.previewOffer(deps, req.body) });
    route(app, api.sendOffer, {
      handler: async (req, reply) => reply.code(202).send(await offers.sendOffer(deps, actor(req), req.body, kick)),
    });
    route(app, api.listOffers, { handler: async () => offers.listOffers(deps) });
    route(app, api.getOffer, { handler: async (req) => offers.getOffer(deps, req.params.id) });
    route(app, api.listOfferRecipients, {
      handler: async (req) => offers.listRecipients(deps, req.params.id, req.query),
    });
  };
}
