import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client.ts';
import { robotsTxt, sitemapXml } from './site-sitemap.ts';

/** sitemap.xml and robots.txt, from published content (outside /api, so public like the web app's files). */
export function siteSeoRoutes(deps: { db: Db; publicUrl: string }) {
  return async function routes(app: FastifyInstance) {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await sitemapXml(deps.db, deps.publicUrl)),
    );
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(deps.publicUrl)),
    );
  };
}
