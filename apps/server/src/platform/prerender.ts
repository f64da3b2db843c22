import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, type Language, type ReaderFormatting } from '@taxportal/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Pages rendered on the server: the web app's own components (apps/web/src/entry-server.tsx, built to
 * apps/web/dist-ssr), fed by this server's own routes in process, so the first response already carries the page
 * (its text paints before any script runs) and the browser hydrates it.
 * - For a visitor (no session): the public site and /register. The renderer's API calls carry no cookie at all,
 *   so nothing personal can end up in such a page, and it may be kept for the next visitors.
 * - For someone signed in: the few pages entry-server.tsx lists. The API calls carry that person's session cookie
 *   and nothing else, so the page holds exactly what their own browser would have asked for; never kept.
 * Without the build (tests that do not build the web app), pages are sent unrendered.
 */
export interface Prerendered {
  /** The page's markup, for `<div id="root">`. */
  html: string;
  /** The answers the page was made from (JSON), for the browser to start from. */
  state: unknown;
  /** What the page adds to index.html's head: its stylesheets inline, its scripts to preload (headAssetsHtml). */
  headAssets: string;
}
/** Someone signed in, as their page is rendered for them: their session's cookie, their locale and zone. */
export interface Reader {
  /** The one cookie the renderer's API calls carry (`name=value`): the session's. */
  sessionCookie: string;
  formatting: ReaderFormatting;
  /** The address the person's request came from: their page's API calls are theirs (audit, logs, rate limits). */
  remoteAddress?: string;
}
/** The page at `url` in `language`, for a visitor (no `reader`) or for the person signed in. */
export type Prerender = (
  url: string,
  userAgent: string | undefined,
  language: Language,
  reader?: Reader,
) => Promise<Prerendered | null>;

type Api = (url: string, init: RequestInit) => Promise<Response>;
interface PrerenderModule {
  prerender(input: {
    url: string;
    origin: string;
    phone: boolean;
    api: Api;
    viewer?: ReaderFormatting;
    language: Language;
  }): Promise<Omit<Prerendered, 'headAssets'> | null>;
  /** Source modules whose stylesheets a page rendered at `url` needs at first paint (looked up in the build's
   * manifest); null where the web app does not render the page (the browser draws it). */
  prerenderedModules(url: string, signedIn: boolean): string[] | null;
}

/** A phone's browser says so (Sec-CH-UA-Mobile, or "Mobi" in its user agent, as MDN advises). */
export const looksLikePhone = (userAgent: string | undefined): boolean => /Mobi/i.test(userAgent ?? '');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The stylesheets and scripts a rendered page needs beyond index.html's own: each module's chunk and the chunks it
 * imports, from the build's manifest, stylesheets in the order the browser build would add them.
 */
export function assetsFor(manifest: Record<string, ManifestChunk>, modules: string[]): { css: string[]; js: string[] } {
  const seen = new Set<string>();
  const walk = (key: string, css: string[], js: string[]) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, css, js);
    css.push(...(chunk.css ?? []));
    js.push(chunk.file);
  };
  // What index.html already loads (the entry and its imports) first, so that only the rest is listed.
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const entryCss: string[] = [];
  if (entryKey) walk(entryKey, entryCss, []);
  const css: string[] = [];
  const js: string[] = [];
  for (const m of modules) walk(m, css, js);
  return { css: [...new Set(css)].filter((f) => !entryCss.includes(f)), js };
}

/** The stylesheets index.html links, in its order. */
export const linkedStylesheets = (template: string): string[] =>
  [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([\w./-]+\.css)">/g)].map((m) => m[1]!);

/**
 * What a rendered page adds to the head: its stylesheets inline, in one style element (a phone on a slow network
 * would otherwise wait for a round trip per component's small sheet before the first paint; the CSP allows inline
 * styles), and its scripts as module preloads, fetched alongside the entry instead of after it.
 *
 * Each inlined sheet is also named by a link that is never fetched nor applied (`disabled`, `media="not all"`):
 * the app's code loader (Vite's preload helper) adds a part's stylesheet unless a stylesheet link with its address
 * is on the page, and a sheet added again after the inline ones would win over the sheets it was meant to come
 * before (issue 30: UnstyledButton's reset turned every button into plain text once the app took the page over).
 */
export function headAssetsHtml(assets: { css: string[]; js: string[] }, readAsset: (file: string) => string): string {
  const attr = (s: string) => s.replace(/[^\w./-]/g, '');
  const styles = assets.css.map((f) => readAsset(f).replace(/<\/style/gi, '<\\/style')).join('\n');
  return [
    ...(styles ? [`<style data-prerendered>${styles}</style>`] : []),
    ...assets.css.map((f) => `<link rel="stylesheet" href="/${attr(f)}" media="not all" disabled data-inlined>`),
    ...assets.js.map((f) => `<link rel="modulepreload" crossorigin href="/${attr(f)}">`),
  ].join('');
}

/** JSON inside a script element: nothing in it can close the element or start markup. */
export const scriptJson = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The server's own routes as the renderer reaches them: in process, `GET` only (anything else is 405 and never
 * reaches a route), with no cookie or authorization header whatever the caller passes: only what anyone may read,
 * or, given a reader's `sessionCookie`, what that person may read (every route checks role and ownership as for
 * their browser).
 */
export function inProcessApi(
  app: FastifyInstance,
  sessionCookie?: string,
  userAgent?: string,
  remoteAddress?: string,
  language?: string,
): Api {
  const sent: Record<string, string> = { accept: 'application/json' };
  if (sessionCookie) sent.cookie = sessionCookie;
  // The answers in the page's language (status labels, texts the server writes): as its reader's browser asks.
  if (language) sent['accept-language'] = language;
  if (userAgent) sent['user-agent'] = userAgent;
  return async (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET') return new Response(null, { status: 405 });
    const res = await app.inject({ method: 'GET', url, headers: sent, ...(remoteAddress && { remoteAddress }) });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/**
 * Keeps rendered pages for a while: the owner of the content decides how long and when they go (app.ts passes the
 * public site's published-content cache, cleared on every publish).
 */
export type KeepRendered = (key: string, render: () => Promise<Prerendered | null>) => Promise<Prerendered | null>;

/**
 * What visitors can make the renderer do. A render costs 60–100 ms of the one thread (bench/site), and anyone can
 * ask for addresses no cache holds (a new query string each time, any `home/{id}`). So at most `maxRenders` run at
 * once and `rendersPerSecond` start a second (a burst of twice that); past either, the page goes out unrendered (the
 * browser draws it, as for someone signed in) and that answer is not kept for the next visitors. A site's pages,
 * kept with the published content, need a few renders every `SITE_CACHE_SECONDS`.
 */
export interface RenderLimits {
  keep?: KeepRendered;
  maxRenders?: number;
  rendersPerSecond?: number;
  now?: () => number;
}

class Busy extends Error {}

/** A token bucket: `perSecond` a second, up to `burst` saved. */
function rateLimiter(perSecond: number, burst: number, now: () => number) {
  let tokens = burst;
  let last = now();
  return (): boolean => {
    const at = now();
    tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
    last = at;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** The renderer for the web build at `webDist`, or null when there is no server build beside it. */
export async function loadPrerender(
  app: FastifyInstance,
  webDist: string,
  origin: string,
  log: FastifyBaseLogger,
  { keep = (_key, render) => render(), maxRenders = 2, rendersPerSecond = 5, now = Date.now }: RenderLimits = {},
): Promise<{ prerender: Prerender } | null> {
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as PrerenderModule;
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile)
    ? (JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  const apiIn = new Map(LANGUAGES.map((l) => [l, inProcessApi(app, undefined, undefined, undefined, l)]));
  const base = origin.replace(/\/$/, '');
  const template = await fs.promises.readFile(path.join(webDist, 'index.html'), 'utf8');
  // Every stylesheet of a rendered page inline, index.html's own first (withPrerendered drops their links); made
  // once for each set of modules (the site's pages share one, /register has its own).
  const heads = new Map<string, string>();
  const headAssets = (modules: string[]) => {
    const key = modules.join(' ');
    let head = heads.get(key);
    if (head === undefined) {
      const page = assetsFor(manifest, modules);
      const css = [...linkedStylesheets(template), ...page.css];
      head = headAssetsHtml({ css, js: page.js }, (f) => fs.readFileSync(path.join(webDist, f), 'utf8'));
      heads.set(key, head);
    }
    return head;
  };
  let inFlight = 0;
  const allowed = rateLimiter(rendersPerSecond, rendersPerSecond * 2, now);
  return {
    prerender: async (url, userAgent, language, reader) => {
      const modules = mod.prerenderedModules(url, reader !== undefined);
      if (!modules) return null; // before the limits: no render is spent on it
      const phone = looksLikePhone(userAgent);
      const render = async () => {
        // Thrown, not answered with null: `keep` must not hold "unrendered" for the next visitors.
        if (inFlight >= maxRenders || !allowed()) throw new Busy();
        inFlight++;
        try {
          const page = await mod.prerender({
            url,
            origin: base,
            phone,
            api: reader
              ? inProcessApi(app, reader.sessionCookie, userAgent, reader.remoteAddress, language)
              : apiIn.get(language)!,
            ...(reader && { viewer: reader.formatting }),
            language,
          });
          return page && { ...page, headAssets: headAssets(modules) };
        } finally {
          inFlight--;
        }
      };
      try {
        // A visitor's page is the same for every visitor who gets it (made of what anyone may read): kept by
        // `keep`, keyed by what it depends on. Addresses with a query are rendered each time: visitors choose
        // those keys. A signed-in page is one person's: rendered for them each time, never kept.
        if (reader || url.includes('?')) return await render();
        return await keep(`rendered:${language}:${phone ? 'phone' : 'desk'}:${url}`, render);
      } catch (err) {
        if (err instanceof Busy) return null;
        // A page that cannot be rendered here is still sent, unrendered: the browser renders it as before.
        log.error({ err: { message: (err as Error).message }, msg: 'prerender failed' });
        return null;
      }
    },
  };
}
