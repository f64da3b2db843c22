import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { LANGUAGE_COOKIE, isLanguage, siteLanguageOf, type Language } from '@taxportal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { problem } from './errors.ts';
import { languageOfRequest } from './i18n.ts';
import { REQUEST_PROBLEMS } from '@taxportal/contract/texts';
import { scriptJson, type Prerender, type Prerendered, type Reader } from './prerender.ts';

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

/** A route's answer status, language and head elements (title, description, canonical, JSON-LD). */
export interface RouteHead {
  status: number;
  lang: string;
  html: string;
  /** The reader is sent there instead (303-free: a 302 that varies with their language). */
  redirect?: string;
}
/**
 * The head a route's HTML is sent with (the public site's title, tags and status), for a reader of `language`; null
 * keeps index.html as built.
 */
export type HeadFor = (pathname: string, language: Language) => Promise<RouteHead | null>;

/**
 * `html` with `text` put in place of the first `marker` (or before it, with `keep`): by position, never through a
 * replacement pattern, so a `$&`, `` $` `` or `$'` in anyone's text stays text (a page title `Fees $` here` once
 * copied the template into the page). The one way text goes into the HTML template.
 */
export function putAt(
  html: string,
  marker: string | RegExp,
  text: string,
  keep: 'keep-marker' | 'replace' = 'replace',
) {
  const found =
    typeof marker === 'string' ? { index: html.indexOf(marker), length: marker.length } : match(html, marker);
  if (found.index < 0) return html;
  const end = found.index + found.length;
  return keep === 'keep-marker'
    ? html.slice(0, found.index) + text + html.slice(found.index)
    : html.slice(0, found.index) + text + html.slice(end);
}
function match(html: string, marker: RegExp) {
  const m = marker.exec(html);
  return m ? { index: m.index, length: m[0].length } : { index: -1, length: 0 };
}

/** index.html with the route's own head: its title and description replace the built ones; everything injected is
 * escaped by whoever made it (site/site-head.ts). */
export function withHead(template: string, head: { lang: string; html: string }): string {
  const lang = head.lang.replace(/[^a-zA-Z-]/g, '');
  const langed = putAt(template, /(?<=<html[^>]*?)\slang="[^"]*"/, ` lang="${lang}"`);
  const bare = putAt(putAt(langed, /<title>[\s\S]*?<\/title>/, ''), /<meta\s+name="description"[\s\S]*?\/?>/, '');
  return putAt(bare, '</head>', head.html, 'keep-marker');
}

/**
 * index.html with a page the server rendered (platform/prerender.ts): its markup in the root element, the answers
 * it was made from beside it for the browser to hydrate with, and its stylesheets inline in place of index.html's
 * links, so nothing stands between the response and the first paint. The app's scripts are not loaded with the
 * page: `/boot.js` loads them (the entry, with every module index.html and the page would preload) when the
 * visitor first interacts (apps/web/public/boot.js).
 */
export function withPrerendered(html: string, page: Prerendered): string {
  const entry = /<script type="module" crossorigin src="(\/[\w./-]+\.js)"><\/script>/.exec(html)?.[1];
  if (!entry) return html;
  const all = putAt(html, '</head>', page.headAssets, 'keep-marker');
  const preload = [...all.matchAll(/<link rel="modulepreload" crossorigin href="(\/[\w./-]+\.js)">/g)].map(
    (m) => m[1]!,
  );
  const boot =
    `<meta name="tp-entry" content="${entry}" data-preload="${scriptJson(preload).replace(/"/g, '&quot;')}">` +
    '<script src="/boot.js" defer></script>';
  const bare = all
    .replace(/\s*<link rel="(?:stylesheet|modulepreload)" crossorigin href="\/[\w./-]+\.(?:css|js)">/g, '')
    .replace(/\s*<script type="module" crossorigin src="\/[\w./-]+\.js"><\/script>/, '');
  const state = `<script id="tp-prerender" type="application/json">${scriptJson(page.state)}</script>`;
  return putAt(
    putAt(bare, '</head>', boot, 'keep-marker'),
    '<div id="root"></div>',
    `<div id="root">${page.html}</div>${state}`,
  );
}

/**
 * What registerWebApp renders pages with. `readerOf` says whom a request's page would be rendered for: a visitor
 * (no session), the person signed in (their session and formatting cookies), or nobody (the browser draws it).
 */
export interface PageRenderer {
  prerender: Prerender;
  readerOf: (cookies: Record<string, string | undefined>) => Reader | 'visitor' | null;
}

/** Origins a page of the web app may frame besides its own (the reference sites of the public site). */
export type FrameSources = () => Promise<string[]>;

/** The CSP with the extra origins added to its `frame-src` (origins only: scheme, host and port). */
export function withFrameSources(csp: string, origins: string[]): string {
  const safe = origins.filter((o) => /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i.test(o));
  if (!safe.length) return csp;
  return csp.replace(/frame-src ([^;]*)/, (directive) => `${directive} ${safe.join(' ')}`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to send for an Accept-Encoding header: Brotli, else gzip, else none (a `q=0` refuses one). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/** HTML in the encoding picked for the request (none, Brotli at a quality fast enough per request, or gzip). */
const encode = (encoding: 'br' | 'gzip' | null, html: string): Promise<Buffer | string> =>
  encoding === 'br'
    ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : encoding === 'gzip'
      ? gzip(html)
      : Promise.resolve(html);

/**
 * A public route's HTML, made per request (the page's own head), compressed per request: app.ts's @fastify/compress
 * works through route hooks, which do not reach the not-found handler that serves it. `made` (a page rendered on
 * the server) is already encoded.
 */
async function sendCompressed(
  acceptEncoding: string | string[] | undefined,
  reply: FastifyReply,
  html: string | ((encoding: 'br' | 'gzip' | null) => Promise<Buffer | string>),
) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = pickEncoding(acceptEncoding);
  const body = await (typeof html === 'string' ? encode(encoding, html) : html(encoding));
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * The finished HTML of a page rendered on the server, per encoding. A rendered page (the site keeps it for a few
 * seconds: the same object for every visitor meanwhile) is ~170 KB with its styles inline: compressing it per
 * request cost ~6 ms, 25× the rest of the request (bench/site). Made once per page, head and encoding instead;
 * dropped with the page.
 */
const finishedPages = new WeakMap<Prerendered, { head: RouteHead; bodies: Map<string, Promise<Buffer | string>> }>();
function finishedPage(page: Prerendered, head: RouteHead, make: () => string) {
  let finished = finishedPages.get(page);
  if (finished?.head !== head) finishedPages.set(page, (finished = { head, bodies: new Map() }));
  const { bodies } = finished;
  return (encoding: 'br' | 'gzip' | null) => {
    // Uncompressed (rare: browsers all ask for one) it is made each time: ~170 KB not worth keeping.
    if (!encoding) return Promise.resolve(make());
    let body = bodies.get(encoding);
    if (!body) bodies.set(encoding, (body = encode(encoding, make())));
    return body;
  };
}

/** index.html saying which language its page is in (`<html lang>`): the app loads that language's texts. */
const withLanguage = (html: string, language: Language) =>
  putAt(html, /(?<=<html[^>]*?)\slang="[^"]*"/, ` lang="${language}"`);

/**
 * Where /language/{lng} may send the reader back to: a path of this site, never another origin, written as a
 * header may carry it (non-ASCII percent-encoded); anything else (a control character, a backslash, a lone
 * surrogate, another origin) goes home. What is already percent-encoded stays as it is (`%2F` in a query's
 * `next=%2Fcreate-ticket%3Fservice%3D…` is not written again as `%252F`): a page's address comes back the same
 * however many times the language is switched on it. Only a `%` that starts no escape is encoded (`%25`).
 */
export function samePath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!/^\/(?![/\\])/.test(next) || /[\u0000-\u0020\u007f\\]/.test(next)) return '/';
  try {
    return next.replace(/(%[0-9A-Fa-f]{2})|[^%]+|%/g, (part, escape?: string) => escape ?? encodeURI(part));
  } catch {
    return '/'; // a lone surrogate
  }
}

/**
 * Serves the built SPA on the API's port. Unknown /api paths answer
 * problem+json; any other GET that wants HTML gets index.html (SPA fallback), with the head `headFor` gives it
 * and a CSP whose `frame-src` adds exactly the origins `frameSources` gives.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
  headFor: HeadFor = async () => null,
  frameSources: FrameSources = async () => [],
  render: PageRenderer | null = null,
): Promise<void> {
  let template: string | null = null;
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
  // The header's language link (no script needed, so it works on a page the app has not taken over yet): keeps the
  // choice in a cookie for a year and goes back to the page it was pressed on, drawn in that language.
  app.get('/language/:lng', async (request, reply) => {
    const { lng } = request.params as { lng?: string };
    let next = samePath((request.query as { next?: unknown }).next);
    if (!isLanguage(lng)) return reply.redirect(next, 303);
    // From a Spanish page of the site to its English address; the other way, the page sends a Spanish reader on.
    if (lng === 'en') next = siteLanguageOf(next).path;
    reply.header('set-cookie', `${LANGUAGE_COOKIE}=${lng}; Path=/; Max-Age=31536000; SameSite=Lax`);
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api');
    if (webDist && wantsHtml) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', withFrameSources(csp, await frameSources()));
      const reader = languageOfRequest(request);
      const head = await headFor(pathname, reader);
      if (head?.redirect) {
        const query = request.url.slice(pathname.length);
        return reply
          .header('vary', 'cookie, accept-language')
          .header('cache-control', 'no-cache')
          .redirect(`${head.redirect}${query}`, 302);
      }
      // The public site's Spanish pages (/es/…) are Spanish whoever reads them; any other page is in the reader's.
      const language = isLanguage(head?.lang) && siteLanguageOf(pathname).language === 'es' ? head.lang : reader;
      const person = render && request.method === 'GET' ? render.readerOf(request.cookies ?? {}) : null;
      template ??= await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
      if (person && person !== 'visitor' && (head?.status ?? 200) === 200) {
        // A signed-in page (the portal's own: index.html's head as built) rendered for the person signed in.
        const page = await render!.prerender(request.url, request.headers['user-agent'], language, {
          ...person,
          remoteAddress: request.ip,
        });
        if (page) {
          // One person's page: kept by no cache on the way, nor in the browser's history cache after sign-out.
          reply.header('vary', 'cookie, user-agent, accept-language').header('cache-control', 'private, no-store');
          reply.type('text/html; charset=utf-8');
          const html = withPrerendered(withLanguage(head ? withHead(template, head) : template, language), page);
          return sendCompressed(request.headers['accept-encoding'], reply, html);
        }
      }
      if (!head && language === 'en') return reply.header('cache-control', 'no-cache').sendFile('index.html');
      const html = withLanguage(head ? withHead(template, head) : template, language);
      // The page depends on who asks (a visitor's, kept; a signed-in one above), their language and a phone's agent.
      reply.header('vary', 'cookie, user-agent, accept-language');
      reply
        .code(head?.status ?? 200)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      // A 404 is left to the browser: its page says so, after asking the API as it always did.
      if (head && person === 'visitor' && head.status === 200) {
        const page = await render!.prerender(request.url, request.headers['user-agent'], language);
        if (page) {
          const made = finishedPage(page, head, () => withPrerendered(html, page));
          return sendCompressed(request.headers['accept-encoding'], reply, made);
        }
      }
      return sendCompressed(request.headers['accept-encoding'], reply, html);
    }
    return reply
      .code(404)
      .type('application/problem+json')
      .send(problem('not_found', REQUEST_PROBLEMS.nothingHere, undefined, languageOfRequest(request)));
  });
}
