import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@taxportal/contract';
import type { DocumentsDeps } from './documents.deps.ts';
import { documentsRoutes } from './documents.routes.ts';
import { draftsRoutes } from './drafts.routes.ts';
import { questionnaireRoutes } from './questionnaire.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { signingRoutes } from './signing.routes.ts';

/** The taxpayer's data: the vault, document requests, the questionnaire, drafts and e-signing. */
export function documentsFeature(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    // Multipart for every route of the feature (vault uploads, drafts). The size limit is one byte past the
    // largest upload so that FileStore.put, which counts, answers 413 with SPEC's texts.
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: MAX_FILES_PER_UPLOAD,
        fields: 20,
        fieldSize: 4096,
        parts: MAX_FILES_PER_UPLOAD + 20,
        headerPairs: 50,
      },
    });
    await app.register(documentsRoutes(deps));
    await app.register(requestsRoutes(deps));
    await app.register(questionnaireRoutes(deps));
    await app.register(draftsRoutes(deps));
    await app.register(signingRoutes(deps));
  };
}
