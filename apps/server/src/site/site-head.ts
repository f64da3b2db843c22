import {
  isPrivateSitePath,
  isWrittenIn,
  publicPathOf,
  publicTargetOf,
  siteLanguageOf,
  sitePathIn,
  textIn,
  type ContentKind,
  type Language,
  type EventData,
  type JobData,
  type LocalizedText,
  type PostData,
  type SiteImage,
  type SiteSettings,
} from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { textsIn } from '../platform/i18n.ts';
import { scriptJson } from '../platform/prerender.ts';
import { addressOf, alternatesOf, escapeHtml } from './site-addresses.ts';
import { APP_SEGMENTS, SITE_SEGMENTS } from './app-segments.ts';
import { FALLBACK_SETTINGS } from './site.routes.ts';
import { publishedCache } from './published-cache.ts';
import * as repo from './site.repository.ts';
import { publishedSettings } from './site.service.ts';
import { isShown } from './site-public.service.ts';

/** What the server puts in index.html's head for a public route, so search engines and link previews see it. */
export interface PageHead {
  status: number;
  lang: string;
  /** Where the reader is sent instead (a Spanish reader at an English page of the site: its /es address). */
  redirect?: string;
  /** Escaped HTML: title, description, canonical, Open Graph, Twitter, hreflang and JSON-LD. */
  html: string;
}

const jsonLd = (data: object) => `<script type="application/ld+json">${scriptJson(data)}</script>`;
const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const localized = (text: LocalizedText | undefined, lang: Language) => textIn(text, lang);
const absolute = (base: string, src: string) => (src.startsWith('/') ? `${base}${src}` : src);

function firm(settings: SiteSettings, base: string) {
  const b = settings.business;
  return {
    '@type': 'AccountingService',
    name: settings.firm_name,
    url: `${base}/`,
    ...(settings.logo ? { logo: absolute(base, settings.logo.src), image: absolute(base, settings.logo.src) } : {}),
    ...(b.phone ? { telephone: b.phone } : {}),
    ...(b.email ? { email: b.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: b.street,
      addressLocality: b.locality,
      addressRegion: b.region,
      postalCode: b.postal_code,
      addressCountry: b.country,
    },
    ...(b.map_url ? { hasMap: b.map_url } : {}),
    ...(settings.social_links.length ? { sameAs: settings.social_links.map((s) => s.url) } : {}),
  };
}

interface Described {
  /** Whether the content is written in Spanish (English always is; else the Spanish page shows it, with a note). */
  spanish: boolean;
  title: string;
  description: string;
  image: SiteImage | null;
  type: 'website' | 'article';
  data: object[];
}

async function describe(
  db: Db,
  settings: SiteSettings,
  base: string,
  pathname: string,
  lang: Language,
): Promise<Described | null> {
  const target = publicTargetOf(pathname);
  const org = firm(settings, base);
  const t = textsIn(lang);
  const textIn = (text: LocalizedText | undefined) => localized(text, lang);
  if (!target) return null;
  if (target.kind === 'list') {
    const list = t(`siteHead.lists.${target.of}`);
    // A category's list exists only while the category is published: any other `list/{x}` is the site's 404.
    const category = target.category ? await repo.findPublished(db, 'categories', target.category) : null;
    if (target.category && !category) return null;
    const named = category ? textIn((category.published as { name?: LocalizedText }).name) : '';
    return {
      spanish: !category || isWrittenIn(category.published, 'es'),
      title: named || list,
      description: named ? t('siteHead.categoryOf', { category: named, list }) : '',
      image: null,
      type: 'website',
      data: [org],
    };
  }
  const row = await repo.findPublished(db, target.kind, target.key);
  if (!row || !isShown(target.kind, row.published)) return null;
  const d = row.published as Record<string, unknown>;
  if (target.kind === 'posts' && target.category && !(d as PostData).categories.includes(target.category)) return null;
  const spanish = isWrittenIn(d, 'es');
  const title = textIn((d.title ?? d.name) as LocalizedText);
  const summary = textIn((d.description ?? d.excerpt ?? d.summary) as LocalizedText | undefined);
  const cover = (d.cover as SiteImage | null | undefined) ?? null;
  const url = `${base}${publicPathOf(target.kind, target.key)}`;
  const published = row.published_at!.toISOString();
  switch (target.kind as ContentKind) {
    case 'posts': {
      const p = d as PostData;
      const posting = {
        '@type': 'BlogPosting',
        headline: title,
        description: summary,
        datePublished: published,
        mainEntityOfPage: url,
        ...(p.author ? { author: { '@type': 'Person', name: p.author } } : {}),
        ...(cover ? { image: absolute(base, cover.src) } : {}),
        publisher: org,
      };
      return { spanish, title, description: summary, image: cover, type: 'article', data: [posting] };
    }
    case 'events': {
      const e = d as EventData;
      const online = e.online_url !== '';
      const event = {
        '@type': 'Event',
        name: title,
        description: summary,
        startDate: e.starts_at,
        ...(e.ends_at ? { endDate: e.ends_at } : {}),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: online
          ? 'https://schema.org/OnlineEventAttendanceMode'
          : 'https://schema.org/OfflineEventAttendanceMode',
        location: online
          ? { '@type': 'VirtualLocation', url: absolute(base, e.online_url) }
          : { '@type': 'Place', name: e.place, address: org.address },
        organizer: { '@type': 'Organization', name: settings.firm_name, url: `${base}/` },
        url,
      };
      return { spanish, title, description: summary, image: cover, type: 'website', data: [event] };
    }
    case 'jobs': {
      const j = d as JobData;
      const job = {
        '@type': 'JobPosting',
        title,
        description: textIn(j.body) || summary,
        datePosted: published,
        ...(j.valid_through ? { validThrough: `${j.valid_through}T23:59:59Z` } : {}),
        employmentType: j.employment_type,
        hiringOrganization: { '@type': 'Organization', name: settings.firm_name, sameAs: `${base}/` },
        jobLocation: { '@type': 'Place', address: org.address },
        ...(j.remote ? { jobLocationType: 'TELECOMMUTE' } : {}),
        url,
      };
      return {
        spanish,
        title,
        description: summary || stripTags(textIn(j.body)).slice(0, 160),
        image: null,
        type: 'website',
        data: [job],
      };
    }
    default:
      return { spanish, title, description: summary, image: cover, type: 'website', data: [org] };
  }
}

/**
 * The head of a public route: the page's own title and tags, 404 for a public route with nothing published and for
 * any path the web app does not know. Null for the portal's own pages, which keep index.html as built. The site in
 * Spanish is under /es (siteLanguageOf); a reader of Spanish (`reader`: their cookie's or browser's language) who
 * asks for a page of the site at its English address is sent to its Spanish one.
 */
export async function pageHead(
  db: Db,
  publicUrl: string,
  pathname: string,
  reader: Language = 'en',
): Promise<PageHead | null> {
  const base = publicUrl.replace(/\/$/, '');
  const { language, path } = siteLanguageOf(pathname);
  const spanishPath = language === 'es';
  const first = path.split('/').filter(Boolean)[0];
  const isPublicTarget = publicTargetOf(path) !== null;
  const appPage = APP_PAGES[path.replace(/(.)\/$/, '$1')];
  if (isPrivateSitePath(pathname))
    return publishedCache(db).read(`head:${reader}:private`, () => privateHead(db, reader));
  if (pathname === '/register')
    return publishedCache(db).read(`head:${reader}:register`, () => registerHead(db, base, reader));
  if (!spanishPath && reader === 'es' && (isPublicTarget || appPage))
    return { status: 302, lang: 'es', html: '', redirect: sitePathIn(path, 'es') };
  if (appPage)
    return publishedCache(db).read(`head:${language}:${path}`, () => appPageHead(db, base, appPage, path, language));
  // detail/… is only ever a post (up to three levels): any other detail path is the site's 404. Under /es the router
  // draws the site's pages only (SITE_SEGMENTS: a visitor's form, its child rows), not the portal's.
  const appSegments = spanishPath ? SITE_SEGMENTS : APP_SEGMENTS;
  if (!isPublicTarget && first !== undefined && appSegments.has(first) && first !== 'detail') return null;
  return publishedCache(db).read(`head:${language}:${path}`, () =>
    publicHead(db, base, path, isPublicTarget, language),
  );
}

/**
 * Sign in and create account (SPEC's /register): a page of the portal, but one a visitor lands on from the site and
 * from search, so it has a head of its own and is rendered on the server like the site's pages.
 */
async function registerHead(db: Db, base: string, lang: Language): Promise<PageHead> {
  const settings = (await publishedSettings(db))?.settings ?? FALLBACK_SETTINGS;
  const t = textsIn(lang);
  const title = t('siteHead.register.title', { firm: settings.firm_name });
  const description = t('siteHead.register.description', { firm: settings.firm_name });
  const url = `${base}/register`;
  return {
    status: 200,
    lang,
    html: [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ].join(''),
  };
}

/** A visitor's own submission: the page is theirs, so crawlers are told to keep out of it. */
async function privateHead(db: Db, lang: Language): Promise<PageHead> {
  const settings = (await publishedSettings(db))?.settings ?? FALLBACK_SETTINGS;
  const title = textsIn(lang)('siteHead.mySubmissions', { firm: settings.firm_name });
  return {
    status: 200,
    lang,
    html: `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex, nofollow" />`,
  };
}

/**
 * A page's description, never empty (an empty `description` tells search engines nothing and they make one up):
 * its own, else the firm's tagline, else what the page is and whose.
 */
function describedAs(found: { title: string; description: string }, settings: SiteSettings, lang: Language): string {
  const own = found.description.trim() || localized(settings.tagline, lang).trim();
  return (own || textsIn(lang)('siteHead.describedAs', { title: found.title, firm: settings.firm_name })).slice(0, 300);
}

async function publicHead(
  db: Db,
  base: string,
  pathname: string,
  isPublicTarget: boolean,
  lang: Language,
): Promise<PageHead> {
  const settings = (await publishedSettings(db))?.settings ?? FALLBACK_SETTINGS;
  const found = isPublicTarget ? await describe(db, settings, base, pathname, lang) : null;
  // Content with several paths (a post's detail/{slug} and detail/blog/{category}/{slug}, a form's new/{form} and
  // forms/{form}, home/{x} and /): one canonical address for all, the content's own.
  const target = publicTargetOf(pathname);
  const path = (target && target.kind !== 'list' ? publicPathOf(target.kind, target.key) : null) ?? pathname;
  if (!found) {
    const title = textsIn(lang)('siteHead.notFound', { firm: settings.firm_name });
    return {
      status: 404,
      lang,
      html: `<title>${escapeHtml(title)}</title><meta name="robots" content="noindex" />`,
    };
  }
  return { status: 200, lang, html: headTags(base, settings, found, path, lang, path === '/') };
}

/** The head of a page that is found: title, description, canonical, hreflang, Open Graph, Twitter and JSON-LD. */
function headTags(
  base: string,
  settings: SiteSettings,
  found: Described,
  path: string,
  lang: Language,
  isHome: boolean,
  extra: string[] = [],
): string {
  const fullTitle =
    isHome || found.title === settings.firm_name
      ? found.title
      : textsIn(lang)('siteHead.titled', { title: found.title, firm: settings.firm_name });
  const description = describedAs(found, settings, lang);
  const image = found.image ?? settings.logo;
  const inSpanish = lang === 'es' && found.spanish;
  const canonical = addressOf(base, path, inSpanish ? 'es' : 'en');
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(fullTitle)}</title>`,
    meta('name', 'description', description),
    ...extra,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternatesOf(base, path, found.spanish).map(
      (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`,
    ),
    meta('property', 'og:type', found.type),
    meta('property', 'og:site_name', settings.firm_name),
    meta('property', 'og:title', found.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', inSpanish ? 'es_US' : 'en_US'),
    ...(image ? [meta('property', 'og:image', absolute(base, image.src))] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', found.title),
    meta('name', 'twitter:description', description),
    jsonLd({ '@context': 'https://schema.org', '@graph': found.data }),
  ].join('');
}

/**
 * Public pages of the site that are not one piece of content (SPEC §2): the forms' list, and the addresses that lead
 * on to another page (gallery-detail, job-detail: canonical to where they lead), and the share page (not for
 * search, but with a title and a canonical like every page).
 */
const APP_PAGES: Record<
  string,
  { texts?: 'forms' | 'share'; list?: 'galleries' | 'jobs'; canonical: string; noindex?: boolean }
> = {
  '/forms': { texts: 'forms', canonical: '/forms' },
  '/gallery-detail': { list: 'galleries', canonical: '/gallery-list' },
  '/job-detail': { list: 'jobs', canonical: '/seeker' },
  '/social-share': { texts: 'share', canonical: '/social-share', noindex: true },
};

async function appPageHead(
  db: Db,
  base: string,
  page: (typeof APP_PAGES)[string],
  _path: string,
  lang: Language,
): Promise<PageHead> {
  const settings = (await publishedSettings(db))?.settings ?? FALLBACK_SETTINGS;
  const t = textsIn(lang);
  const found: Described = {
    spanish: true,
    title: page.texts ? t(`siteHead.${page.texts}.title`) : t(`siteHead.lists.${page.list!}`),
    description: page.texts ? t(`siteHead.${page.texts}.description`) : '',
    image: null,
    type: 'website',
    data: [firm(settings, base)],
  };
  const extra = page.noindex ? ['<meta name="robots" content="noindex, follow" />'] : [];
  return { status: 200, lang, html: headTags(base, settings, found, page.canonical, lang, false, extra) };
}
