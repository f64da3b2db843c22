// Pages rendered to HTML on the server (apps/server/src/platform/prerender.ts loads this module's build,
// dist-ssr/entry-server.js), so the first paint (and a crawler's first read) carries the page itself; the browser
// then hydrates the same tree (main.tsx). The public site and /register for visitors, every query anonymous; a few
// signed-in pages for the person signed in, every query made as them. Either way through the `api` the server
// passes (its own routes, in process, GET only), and the answers go to the browser with the HTML.
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, isStaffRole, localeOf, type Language, type ReaderFormatting } from '@taxportal/contract';
import i18n from 'i18next';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { texts as firstLoadEs } from './app/i18n/es.ts';
import { addPortalTexts } from './app/i18n/portal-texts.ts';
import { portalTextsEs } from './app/i18n/portal-texts-es.ts';
import {
  PAGE_MODULES,
  PORTAL_TEXTS_MODULE,
  SIGNED_IN_SHELL_MODULE,
  type OpenedByLink,
  type RenderedForReader,
} from './app/router/page-modules.ts';
import { PrefetchContext } from './lib/prefetch-in-view.ts';
import { RedirectSignal } from './app/router/redirect-signal.ts';
import { RequireSession } from './app/router/require-session.tsx';
import { routes } from './app/router/routes.tsx';
import { setApiTransport, type ApiTransport } from './lib/api/index.ts';
import { loadSession, sessionIn } from './lib/session/index.ts';
import { setSiteOrigin } from './features/cms/index.ts';
import { setFormatting, type Formatting } from './ui/format.ts';
import { PhoneGuessContext } from './ui/use-is-phone.ts';

/**
 * Each render's own API: two renders run at once (for two people, once signed-in pages are rendered), so the
 * transport cannot be one module-wide value. A query asked outside a render is refused, never sent as anyone.
 */
const renderApi = new AsyncLocalStorage<ApiTransport>();
// The server draws any page, in any language: every text is there from the start (the browser loads the portal's
// with its pages, and another language's only for its readers).
void addPortalTexts();
i18n.addResourceBundle('es', 'translation', { ...firstLoadEs, ...portalTextsEs }, true, true);
/** Each render's own i18next, in its reader's language (renders run at once): sharing the loaded texts. */
const translatorFor = (language: Language) =>
  language === DEFAULT_LANGUAGE ? i18n : i18n.cloneInstance({ lng: language, initAsync: false });
setApiTransport((url, init) => {
  const api = renderApi.getStore();
  return api ? api(url, init) : Promise.reject(new Error('The API was asked outside a render.'));
});

export interface PrerenderInput {
  /** The path and query string asked for. */
  url: string;
  /** The public origin (PUBLIC_URL), for absolute links the page shows. */
  origin: string;
  /** The server's guess from the request (a phone's user agent): the phone layout and the home page's mobile variant. */
  phone: boolean;
  /** The API, reached in process: anonymously, or as the person signed in (`viewer`). */
  api: ApiTransport;
  /** Someone signed in: their page is drawn in their locale and time zone (their browser's, told in a cookie). */
  viewer?: ReaderFormatting;
  /** The reader's language (contract readerLanguage): the page's texts, and its dates and money, are in it. */
  language?: Language;
}

/** What the browser starts from (main.tsx): the queries' answers and what the HTML was made with. */
export interface PrerenderState {
  queries: DehydratedState;
  phone: boolean;
  origin: string;
  /** A page of the public site: its blocks' code loads before hydrating. */
  site: boolean;
  /** A signed-in page: the locale, zone and "now" its dates were written with, for hydration to write the same. */
  formatting?: Required<Formatting>;
}

export interface Prerendered {
  html: string;
  state: PrerenderState;
}

/** Rounds of render → fetch what the tree asked for → render again (a page's blocks ask for more once it is known). */
const MAX_ROUNDS = 4;

/**
 * A render that waits for what suspends (the lazily loaded pages), so the tree's queries are all asked. Whether a
 * part failed (React then draws its boundary's fallback: a page half drawn).
 */
async function settle(tree: ReactNode): Promise<{ failed: boolean }> {
  let failed = false;
  const { prelude } = await prerenderToNodeStream(tree, {
    onError: () => {
      failed = true;
    },
  });
  for await (const chunk of prelude) void chunk;
  return { failed };
}

const isEnabled = (q: Query) => {
  const enabled = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
};

/**
 * The page at `url` as HTML, or null where the browser must draw it: a redirect (the route's, or a guard's), and on
 * a signed-in page an answer that failed or a page that is not for the reader's role. @public (the server's)
 */
export function prerender(input: PrerenderInput): Promise<Prerendered | null> {
  return renderApi.run(input.api, () => render(input));
}

async function render({
  url,
  origin,
  phone,
  viewer,
  language = DEFAULT_LANGUAGE,
}: PrerenderInput): Promise<Prerendered | null> {
  const address = new URL(url, origin);
  setSiteOrigin(origin);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  let redirected = false;
  const tree = (
    <StrictMode>
      <PhoneGuessContext value={{ guess: phone }}>
        <AppProviders queryClient={client} i18n={translatorFor(language)}>
          <PrefetchContext value={() => undefined}>
            <RedirectSignal
              value={() => {
                redirected = true;
              }}
            >
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </RedirectSignal>
          </PrefetchContext>
        </AppProviders>
      </PhoneGuessContext>
    </StrictMode>
  );
  try {
    let failed = false;
    if (viewer) {
      // Not this reader's page (the staff dashboard draws charts: browser only): nothing is asked for it.
      await loadSession(client);
      const session = sessionIn(client);
      const page = privatePage(address.pathname);
      if (!session || !page || isStaffRole(session.login_role) !== (page.reader === 'staff')) return null;
    }
    for (let round = 0; round < MAX_ROUNDS; round++) {
      ({ failed } = await settle(tree));
      const asked = client
        .getQueryCache()
        .getAll()
        .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));
      if (asked.length === 0) break;
      await Promise.all(
        asked.map((q) => client.prefetchQuery({ queryKey: q.queryKey, queryFn: q.options.queryFn, retry: false })),
      );
    }
    if (redirected) return null;
    // A signed-in page goes out whole or not at all: the browser's app shows a failed answer (and retries it), a
    // part that failed, or what was still loading, as before.
    const unanswered = (q: Query) => q.state.status === 'error' || (q.state.status === 'pending' && isEnabled(q));
    if (viewer && (failed || client.getQueryCache().getAll().some(unanswered))) return null;
    // Everything it waits for is loaded and answered now: the page in one piece, with no inline script (the CSP has
    // none) that a streamed render would need to put late parts in place. Synchronous: no other render's formatting
    // can come between.
    const formatting = viewer && { ...viewer, now: Date.now() };
    // Another language than English writes dates and money in its own locale (ui/format.ts reads the browser's
    // i18next, which a render here does not switch): the same the browser will write once it hydrates.
    const locale = language === DEFAULT_LANGUAGE ? undefined : localeOf(language);
    setFormatting({ ...formatting, ...(locale && { locale }) });
    let html: string;
    try {
      html = renderToString(tree);
    } finally {
      setFormatting({});
    }
    const queries = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
    return {
      html,
      state: {
        queries,
        phone,
        origin,
        site: !viewer && isSitePage(address.pathname),
        ...(formatting && { formatting }),
      },
    };
  } finally {
    client.clear();
  }
}

const HYDRATE = 'src/hydrate-prerendered.tsx';
const SITE_MODULES = [...PAGE_MODULES.site, HYDRATE];
const REGISTER_MODULES = [...PAGE_MODULES.register, HYDRATE];

/** Whether `pathname` is a page of the public site (rather than /register, the portal's one rendered page). */
const isSitePage = (pathname: string): boolean => pathname !== '/register';

/**
 * /register's own steps come from more than its address (a social sign-in's outcome or the account to link, read
 * with a cookie the renderer does not pass; the phone step after registering): the browser draws those. Its tabs
 * and a referral code are the address alone.
 */
const REGISTER_PARAMS = new Set(['tab', 'ref']);

/**
 * The page rendered at `pathname` for someone signed in: the route whose `handle` says so (routes.tsx), with the
 * role of its reader and its modules; undefined for every other page. Those are the pages a customer opens on a
 * phone, and staff's list (issue 14), each for the readers it is drawn for: the staff dashboard and billing draw
 * charts, rendered in the browser only.
 */
function privatePage(pathname: string): { reader: 'customer' | 'staff'; modules: readonly string[] } | undefined {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as Partial<RenderedForReader> | undefined;
  const rendered = handle?.renderedFor;
  return rendered && { reader: rendered.reader, modules: PAGE_MODULES[rendered.page] };
}

/** Whether `pathname` is opened by a secret link (its route's `handle`: OpenedByLink): never rendered here. */
const isOpenedByLink = (pathname: string): boolean =>
  (matchRoutes(routes, pathname) ?? []).some(
    ({ route }: { route: RouteObject }) => (route.handle as Partial<OpenedByLink> | undefined)?.openedByLink === true,
  );

/** Whether `pathname` is behind RequireSession: never rendered for a visitor (the browser sends them away). */
const isGuarded = (pathname: string): boolean =>
  (matchRoutes(routes, pathname) ?? []).some(({ route }: { route: RouteObject }) => {
    const element = route.element as { type?: unknown } | undefined;
    return element?.type === RequireSession;
  });

/**
 * The modules a page rendered at `url` (path and query) is made of: the server inlines their styles and preloads
 * their scripts (platform/prerender.ts) when the reader first interacts. Null where the page is not rendered (the
 * server asks before it spends a render on it): for someone `signedIn`, all but the pages their routes' `handle`
 * marks (privatePage); for a visitor, the guarded pages and /register's steps that depend on more than the
 * address. @public
 */
export function prerenderedModules(url: string, signedIn = false): string[] | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (signedIn) {
    const page = privatePage(pathname);
    return page ? [...page.modules, SIGNED_IN_SHELL_MODULE, PORTAL_TEXTS_MODULE, HYDRATE] : null;
  }
  if (isGuarded(pathname) || isOpenedByLink(pathname)) return null;
  if (isSitePage(pathname)) return SITE_MODULES;
  return [...searchParams.keys()].every((key) => REGISTER_PARAMS.has(key)) ? REGISTER_MODULES : null;
}
