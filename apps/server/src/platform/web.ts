import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem } from './errors.ts';

/** apps/web/dist, found from this file whether running from src/ or dist/. */
export function findWebDist(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Serves the built SPA on the API's port. Unknown /api paths answer
 * problem+json; any other GET that wants HTML gets index.html (SPA fallback).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text asset (apps/web/vite.config.ts); the one the browser
      // accepts is sent, with Vary: accept-encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // wildcard:false registers only the files present at start; hashed assets are all there.
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (webDist && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problem('not_found', 'There is nothing at this address.'));
  });
}
