import { isWrittenIn, publicPathOf, type ContentKind } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { publishedCache } from './published-cache.ts';
import * as repo from './site.repository.ts';
import { isShown } from './site-public.service.ts';
import { addressOf, alternatesOf, escapeHtml } from './site-addresses.ts';

/** Every published route, for search engines. */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  return publishedCache(db).read('sitemap', () => buildSitemap(db, publicUrl));
}

/**
 * Every published page at its English address and, when it is written in Spanish, at its Spanish one, each with
 * its language alternates (xhtml:link, as search engines read them); a page with no Spanish is not in it twice.
 */
async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const base = publicUrl.replace(/\/$/, '');
  const rows = await repo.listAllPublished(db);
  const body = rows
    .filter((r) => r.kind !== 'settings' && r.variant === 'web' && r.key && isShown(r.kind as ContentKind, r.published))
    .flatMap((r) => {
      const path = publicPathOf(r.kind as ContentKind, r.key!)!;
      const spanish = isWrittenIn(r.published, 'es');
      const alternates = alternatesOf(base, path, spanish)
        .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}"/>`)
        .join('');
      const lastmod = r.published_at ? `<lastmod>${r.published_at.toISOString()}</lastmod>` : '';
      return (spanish ? (['en', 'es'] as const) : (['en'] as const)).map(
        (lang) => `<url><loc>${escapeHtml(addressOf(base, path, lang))}</loc>${lastmod}${alternates}</url>`,
      );
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${body}</urlset>\n`;
}

/** The portal's signed-in pages and the API are not for crawlers; the public site is. */
export const robotsTxt = (publicUrl: string): string =>
  [
    'User-agent: *',
    'Disallow: /api/',
    ...[
      'dashboard',
      'my-tickets',
      'all-tickets',
      'open-tickets',
      'vault',
      'contacts',
      'admin',
      'security',
      'form/',
      'notifications',
      'billing',
      'create-ticket',
      'webform-child',
      'edit-webformchild',
    ].map((p) => `Disallow: /${p}`),
    'Allow: /',
    `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
