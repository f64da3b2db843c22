import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints as api, type SiteSettings } from '@taxportal/contract';
import { route } from '../platform/route.ts';
import type { InboxDeps } from './site-inbox.service.ts';
import * as inbox from './site-inbox.service.ts';
import * as pub from './site-public.service.ts';
import { publishedSettings } from './site.service.ts';

/** Before the firm publishes its settings, the site still has a name and a menu. */
export const FALLBACK_SETTINGS: SiteSettings = {
  firm_name: 'Tax Portal',
  tagline: { en: '' },
  logo: null,
  colors: { primary: '#1c7ed6', accent: '#f59f00' },
  business: {
    street: '',
    locality: '',
    region: '',
    postal_code: '',
    country: 'US',
    phone: '',
    email: '',
    hours: { en: '' },
    map_url: '',
  },
  header_menu: [],
  footer_columns: [],
  social_links: [],
  reference_sites: [],
};

/** What anyone reads of the public site, and the two forms visitors send (rate-limited per address). */
export function siteRoutes(deps: InboxDeps & { currency: string }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    route(app, api.getSite, {
      handler: async (req, reply) => {
        const published = await publishedSettings(db);
        const body = { settings: published?.settings ?? FALLBACK_SETTINGS, currency: deps.currency };
        const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
        reply.header('etag', etag).header('cache-control', 'public, max-age=60, must-revalidate');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return body;
      },
    });
    route(app, api.getPage, { handler: async (req) => pub.getPage(db, req.params.route, req.query.app) });
    route(app, api.listPosts, {
      handler: async (req) => {
        const category = req.query.category;
        return pub.listPublished(db, 'posts', req.query, {
          omit: ['body'],
          ...(category ? { keep: (d) => (d.categories as string[]).includes(category) } : {}),
        });
      },
    });
    route(app, api.listCategories, {
      handler: async () => ({ items: (await pub.listPublished(db, 'categories', { limit: 250 })).items }),
    });
    route(app, api.getPost, { handler: async (req) => pub.getPublished(db, 'posts', req.params.slug) });
    route(app, api.listGalleries, {
      handler: async (req) => pub.listPublished(db, 'galleries', req.query, { omit: ['images'] }),
    });
    route(app, api.getGallery, { handler: async (req) => pub.getPublished(db, 'galleries', req.params.slug) });
    route(app, api.listSiteEvents, { handler: async (req) => pub.listEvents(db, req.query.when, req.query.limit) });
    route(app, api.getSiteEvent, { handler: async (req) => pub.getPublished(db, 'events', req.params.slug) });
    route(app, api.listJobs, { handler: async (req) => pub.listPublished(db, 'jobs', req.query, { omit: ['body'] }) });
    route(app, api.getJob, { handler: async (req) => pub.getPublished(db, 'jobs', req.params.slug) });
    route(app, api.getForm, { handler: async (req) => pub.getPublished(db, 'forms', req.params.slug) });
    route(app, api.submitForm, {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (req, reply) =>
        reply.code(201).send(await inbox.submitForm(deps, req.params.slug, req.body, req.auth?.user.id ?? null)),
    });
    route(app, api.sendContactEnquiry, {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      handler: async (req, reply) => reply.code(201).send(await inbox.sendContactEnquiry(deps, req.body)),
    });
  };
}
