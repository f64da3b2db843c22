// The public site rendered to HTML on the server (apps/server/src/platform/prerender.ts loads this module's build,
// dist-ssr/entry-server.js), so a visitor's first paint and a crawler's first read carry the page itself; the browser
// then hydrates the same tree (main.tsx). Only for visitors without a session: every query runs anonymously, through
// the `api` the server passes (its own routes, in process), and the answers go to the browser with the HTML.
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { PrefetchContext } from './app/router/prefetch.ts';
import { routes } from './app/router/routes.tsx';
import { setApiTransport, type ApiTransport } from './lib/api/index.ts';
import { setSiteOrigin } from './features/cms/index.ts';
import { PhoneGuessContext } from './ui/use-is-phone.ts';

export interface PrerenderInput {
  /** The path and query string asked for. */
  url: string;
  /** The public origin (PUBLIC_URL), for absolute links the page shows. */
  origin: string;
  /** The server's guess from the request (a phone's user agent): the phone layout and the home page's mobile variant. */
  phone: boolean;
  /** The API, reached in process and anonymously. */
  api: ApiTransport;
}

/** What the browser starts from (main.tsx): the queries' answers and what the HTML was made with. */
export interface PrerenderState {
  queries: DehydratedState;
  phone: boolean;
  origin: string;
  /** A page of the public site: its blocks' code loads before hydrating. */
  site: boolean;
}

export interface Prerendered {
  html: string;
  state: PrerenderState;
}

/** Rounds of render → fetch what the tree asked for → render again (a page's blocks ask for more once it is known). */
const MAX_ROUNDS = 4;

/** A render that waits for what suspends (the lazily loaded pages), so the tree's queries are all asked. */
async function settle(tree: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const chunk of prelude) void chunk;
}

const isEnabled = (q: Query) => {
  const enabled = (q.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
};

/** The page at `url` as HTML, or null when the route is a redirect (the browser does it). @public (the server's) */
export async function prerender({ url, origin, phone, api }: PrerenderInput): Promise<Prerendered | null> {
  const address = new URL(url, origin);
  setApiTransport(api);
  setSiteOrigin(origin);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  const tree = (
    <StrictMode>
      <PhoneGuessContext value={{ guess: phone }}>
        <AppProviders queryClient={client}>
          <PrefetchContext value={() => undefined}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PrefetchContext>
        </AppProviders>
      </PhoneGuessContext>
    </StrictMode>
  );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await settle(tree);
    const asked = client
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && q.state.fetchStatus === 'idle' && isEnabled(q));
    if (asked.length === 0) break;
    await Promise.all(
      asked.map((q) => client.prefetchQuery({ queryKey: q.queryKey, queryFn: q.options.queryFn, retry: false })),
    );
  }
  // Everything it waits for is loaded and answered now: the page in one piece, with no inline script (the CSP has
  // none) that a streamed render would need to put late parts in place.
  const html = renderToString(tree);
  const queries = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status !== 'pending' });
  client.clear();
  return { html, state: { queries, phone, origin, site: isSitePage(address.pathname) } };
}

const SITE_MODULES = [
  'src/features/cms/home-page.tsx',
  'src/features/cms/site-pages.tsx',
  'src/hydrate-prerendered.tsx',
];
const REGISTER_MODULES = ['src/features/auth/register-page.tsx', 'src/hydrate-prerendered.tsx'];

/** Whether `pathname` is a page of the public site (rather than /register, the portal's one rendered page). */
const isSitePage = (pathname: string): boolean => pathname !== '/register';

/**
 * /register's own steps come from more than its address (a social sign-in's outcome or the account to link, read
 * with a cookie the renderer does not pass; the phone step after registering): the browser draws those. Its tabs
 * and a referral code are the address alone.
 */
const REGISTER_PARAMS = new Set(['tab', 'ref']);

/**
 * The modules a page rendered at `url` (path and query) is made of: the server inlines their styles and preloads
 * their scripts (platform/prerender.ts) when the visitor first interacts. Null where the page is not rendered (the
 * server asks before it spends a render on it). @public
 */
export function prerenderedModules(url: string): string[] | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (isSitePage(pathname)) return SITE_MODULES;
  return [...searchParams.keys()].every((key) => REGISTER_PARAMS.has(key)) ? REGISTER_MODULES : null;
}
