import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';
import { documentsRoutes } from './documents.routes.ts';
import { draftsRoutes } from './drafts.routes.ts';
import { questionnaireRoutes } from './questionnaire.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { signingRoutes } from './signing.routes.ts';

/** The taxpayer's data: the vault, document requests, the questionnaire, drafts and e-signing. */
export function documentsFeature(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    await app.register(documentsRoutes(deps));
    await app.register(requestsRoutes(deps));
    await app.register(questionnaireRoutes(deps));
    await app.register(draftsRoutes(deps));
    await app.register(signingRoutes(deps));
  };
}
