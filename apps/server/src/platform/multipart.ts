import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES } from '@taxportal/contract';

/**
 * Multipart bodies (uploads) for the routes of the scope it is registered in: app.ts registers it in the
 * scope of the taxpayer's data (vault, document requests, questionnaire, drafts, e-signing) and in the public
 * site's (media uploads, web form files); every other route
 * answers a multipart body as before. The public site's scope takes a larger field: a web form's answers come as
 * one JSON `payload` field beside its files. The size limit is one byte past the largest upload so that FileStore.put,
 * which counts, answers 413 with SPEC's texts.
 */
export async function registerMultipart(app: FastifyInstance, opts: { fieldSize?: number } = {}): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_UPLOAD_BYTES + 1,
      files: MAX_FILES_PER_UPLOAD,
      fields: 20,
      fieldSize: opts.fieldSize ?? 4096,
      parts: MAX_FILES_PER_UPLOAD + 20,
      headerPairs: 50,
    },
  });
}
