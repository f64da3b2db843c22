import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoints as api, MESSAGES } from '@taxportal/contract';
import { SITE_TEXTS } from '@taxportal/contract/texts';
import { authOf } from '../platform/auth/guard.ts';
import { AppError } from '../platform/errors.ts';
import { route } from '../platform/route.ts';
import type { FileRef } from '../platform/storage/index.ts';
import { contentDisposition } from './document-names.ts';
import type { DocumentsDeps } from './documents.deps.ts';
import { deleteDocument, listDocuments, openDocument, uploadDocuments } from './documents.service.ts';
import { startSweeper } from './sweeper.ts';

/** What a browser may show inline: images it can render and PDF (in a sandboxed frame). */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);

/**
 * Nothing in a served file may load or run anything, and every one is sandboxed, a PDF shown inline included
 * (issue 13): Chromium (156) opens its PDF viewer in a sandboxed document, and PDFs with scripts, actions or
 * attachments are refused at upload anyway (pdf-active-content.ts).
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/**
 * Sends a file of the vault: the whole file is checked first (GCM authenticates only at the end of a stream), so not
 * one byte of an altered file reaches the browser; then it is streamed (memory stays flat), with headers that let
 * nothing in it load or run. The vault's documents and the site's web form files are sent through it.
 */
export async function sendVaultFile(
  deps: Pick<DocumentsDeps, 'files'>,
  reply: FastifyReply,
  ref: FileRef,
  o: {
    contentType: string;
    fileName: string;
    disposition: 'inline' | 'attachment';
    sizeBytes: number | null;
    logId: Record<string, string>;
  },
) {
  const log = reply.request.log;
  try {
    for await (const _chunk of await deps.files.open(ref)) void _chunk;
  } catch (err) {
    log.error({ err, ...o.logId }, 'stored file failed its integrity check');
    throw new AppError('internal', MESSAGES.somethingWentWrong);
  }
  const stream = await deps.files.open(ref);
  stream.on('error', (err) => log.error({ err, ...o.logId }, 'stored file failed its check'));
  if (o.sizeBytes !== null) reply.header('content-length', String(o.sizeBytes));
  const disposition = o.disposition === 'inline' && INLINE_TYPES.has(o.contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', o.contentType)
    .header('content-disposition', contentDisposition(disposition, o.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-security-policy', FILE_CSP)
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-frame-options', 'SAMEORIGIN')
    .send(stream as Readable);
}

export function documentsRoutes(deps: DocumentsDeps) {
  return async function routes(app: FastifyInstance) {
    const sweeper = startSweeper(deps);
    app.addHook('onClose', async () => sweeper.stop());

    route(app, api.listDocuments, {
      handler: async (req) => listDocuments(deps, authOf(req), req.query),
    });

    route(app, api.uploadDocuments, {
      handler: async (req, reply) => {
        if (!req.isMultipart()) {
          throw new AppError('unsupported_media_type', SITE_TEXTS.media.notMultipart);
        }
        const items = await uploadDocuments(deps, authOf(req), req.parts(), req.ip);
        return reply.code(201).send({ items });
      },
    });

    for (const what of ['file', 'thumbnail'] as const) {
      route(app, what === 'file' ? api.getDocumentFile : api.getDocumentThumbnail, {
        handler: async (req, reply) => {
          const asked = what === 'thumbnail' ? 'inline' : req.query.disposition;
          const { row, ref } = await openDocument(deps, authOf(req), req.params.id, what, req.ip, asked);
          const contentType = what === 'thumbnail' ? 'image/jpeg' : row.content_type;
          const fileName =
            what === 'thumbnail' ? `thumbnail-${row.file_name.replace(/\.[^.]+$/, '')}.jpg` : row.file_name;
          return sendVaultFile(deps, reply, ref, {
            contentType,
            fileName,
            disposition: asked === 'inline' ? 'inline' : 'attachment',
            sizeBytes: what === 'file' ? row.size_bytes : null,
            logId: { document: row.id },
          });
        },
      });
    }

    route(app, api.deleteDocument, {
      handler: async (req, reply) => {
        await deleteDocument(deps, authOf(req), req.params.id, req.ip);
        return reply.code(204).send(null);
      },
    });
  };
}
