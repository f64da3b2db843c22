import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints as api, DEFAULT_COUNTRY, type SiteSettings } from '@taxportal/contract';
import { sendVaultFile } from '../documents/index.ts';
import { authOf, isStaff } from '../platform/auth/guard.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import type { MediaStore } from '../platform/storage/index.ts';
import type { InboxDeps } from './site-inbox.service.ts';
import * as inbox from './site-inbox.service.ts';
import * as submissions from './site-submissions.service.ts';
import * as mine from './site-my-submissions.service.ts';
import { publishedCache } from './published-cache.ts';
import { openMediaFile } from './site-media.service.ts';
import * as pub from './site-public.service.ts';
import { PRODUCT_NAME, publishedSettings } from './site.service.ts';

/** Before the firm publishes its settings, the site still has a name and a menu. */
export const FALLBACK_SETTINGS: SiteSettings = {
  firm_name: PRODUCT_NAME,
  tagline: { en: '' },
  logo: null,
  colors: { primary: '#1c7ed6', accent: '#f59f00' },
  business: {
    street: '',
    locality: '',
    region: '',
    postal_code: '',
    country: DEFAULT_COUNTRY,
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
export function siteRoutes(deps: InboxDeps & { currency: string; media: MediaStore }) {
  const { db } = deps;
  const cache = publishedCache(db);
  /**
   * A public read: through the published-content cache, with an ETag made once per cached answer. Browsers
   * revalidate every time (`no-cache`), so a publish shows on the next load; an unchanged answer is a bodiless 304.
   */
  const publicRead = async <T>(req: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<T>) => {
    const { body, etag } = await cache.read(key, async () => {
      const value = await load();
      return {
        body: value,
        etag: `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`,
      };
    });
    reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return body;
  };
  return async function routes(app: FastifyInstance) {
    route(app, api.getSite, {
      handler: async (req, reply) =>
        publicRead(req, reply, 'site', async () => {
          const published = await publishedSettings(db);
          return { settings: published?.settings ?? FALLBACK_SETTINGS, currency: deps.currency };
        }),
    });
    route(app, api.getPage, {
      handler: async (req, reply) =>
        publicRead(req, reply, `page:${req.params.route}:${req.query.app}`, () =>
          pub.getPage(db, req.params.route, req.query.app),
        ),
    });
    route(app, api.listPosts, {
      handler: async (req, reply) =>
        publicRead(req, reply, `posts:${JSON.stringify(req.query)}`, () => {
          const category = req.query.category;
          return pub.listPublished(db, 'posts', req.query, {
            omit: ['body'],
            ...(category ? { keep: (d) => (d.categories as string[]).includes(category) } : {}),
          });
        }),
    });
    route(app, api.listCategories, {
      handler: async (req, reply) =>
        publicRead(req, reply, 'categories', async () => ({
          items: (await pub.listPublished(db, 'categories', { limit: 250 })).items,
        })),
    });
    route(app, api.getPost, {
      handler: async (req, reply) =>
        publicRead(req, reply, `post:${req.params.slug}`, () => pub.getPublished(db, 'posts', req.params.slug)),
    });
    route(app, api.listGalleries, {
      handler: async (req, reply) =>
        publicRead(req, reply, `galleries:${JSON.stringify(req.query)}`, () =>
          pub.listPublished(db, 'galleries', req.query, { omit: ['images'] }),
        ),
    });
    route(app, api.getGallery, {
      handler: async (req, reply) =>
        publicRead(req, reply, `gallery:${req.params.slug}`, () => pub.getPublished(db, 'galleries', req.params.slug)),
    });
    route(app, api.listSiteEvents, {
      handler: async (req, reply) =>
        publicRead(req, reply, `events:${req.query.when}:${req.query.limit}`, () =>
          pub.listEvents(db, req.query.when, req.query.limit),
        ),
    });
    route(app, api.getSiteEvent, {
      handler: async (req, reply) =>
        publicRead(req, reply, `event:${req.params.slug}`, () => pub.getPublished(db, 'events', req.params.slug)),
    });
    route(app, api.listJobs, {
      handler: async (req, reply) =>
        publicRead(req, reply, `jobs:${JSON.stringify(req.query)}`, () =>
          pub.listPublished(db, 'jobs', req.query, { omit: ['body'] }),
        ),
    });
    route(app, api.getJob, {
      handler: async (req, reply) =>
        publicRead(req, reply, `job:${req.params.slug}`, () => pub.getPublished(db, 'jobs', req.params.slug)),
    });
    route(app, api.listForms, {
      handler: async (req, reply) =>
        publicRead(req, reply, `forms:${JSON.stringify(req.query)}`, () =>
          pub.listPublished(db, 'forms', req.query, {
            omit: ['fields', 'child_group', 'submit_label', 'success_message'],
          }),
        ),
    });
    route(app, api.getForm, {
      handler: async (req, reply) =>
        publicRead(req, reply, `form:${req.params.slug}`, () => pub.getPublished(db, 'forms', req.params.slug)),
    });
    route(app, api.submitForm, {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (req, reply) => {
        const input = req.isMultipart() ? { parts: req.parts() } : { json: req.body };
        return reply
          .code(201)
          .send(
            await submissions.submitForm(
              deps,
              req.params.slug,
              input,
              req.auth?.user.id ?? null,
              languageOfRequest(req),
            ),
          );
      },
    });
    route(app, api.getSubmissionFile, {
      handler: async (req, reply) => {
        const auth = authOf(req);
        const file = await submissions.submissionFile(
          deps.db,
          { userId: auth.user.id, isStaff: isStaff(auth) },
          req.params.id,
          req.params.fileId,
        );
        return sendVaultFile(
          deps,
          reply,
          { storageKey: file.storage_key, wrappedKey: file.wrapped_key, sha256: file.sha256 },
          {
            contentType: file.content_type,
            fileName: file.file_name,
            disposition: 'attachment',
            sizeBytes: file.size_bytes,
            logId: { submission_file: file.id },
          },
        );
      },
    });
    // A signed-in visitor's own submissions: only the sender (the service's rule); an edit shares the form's limit.
    route(app, api.listMySubmissions, {
      handler: async (req) => mine.listMySubmissions(db, authOf(req).user.id),
    });
    route(app, api.getMySubmission, {
      handler: async (req) => mine.getMySubmission(db, authOf(req).user.id, req.params.id),
    });
    route(app, api.editMySubmission, {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      handler: async (req) =>
        mine.editMySubmission(
          deps,
          { userId: authOf(req).user.id, ip: req.ip, language: languageOfRequest(req) },
          req.params.id,
          req.body,
        ),
    });
    // The media library's files: public, content-addressed (a name never changes meaning), so cached for a year.
    route(app, api.getMediaFile, {
      handler: async (req, reply) => {
        const { type, stream } = await openMediaFile(deps, req.params.file);
        return reply
          .header('content-type', type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'same-site')
          .send(stream);
      },
    });
    route(app, api.sendContactEnquiry, {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      handler: async (req, reply) =>
        reply.code(201).send(await inbox.sendContactEnquiry(deps, req.body, languageOfRequest(req))),
    });
  };
}
