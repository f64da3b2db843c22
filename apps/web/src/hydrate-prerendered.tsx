import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadSignedInShell } from './app/layout/signed-in-parts.ts';
import { createQueryClient } from './app/providers.tsx';
import { prefetch } from './app/router/router.tsx';
import type { PrerenderState } from './entry-server.tsx';
import { preloadPublicSite, setSiteOrigin } from './features/cms/index.ts';
import { setFormatting } from './ui/format.ts';
import { typedBeforeHydration, type TypedBeforeHydration } from './lib/typed-before-hydration.ts';
import { PhoneGuessContext } from './ui/use-is-phone.ts';

// A module of its own, loaded by main.tsx only on a page the server rendered: the signed-in portal's first load
// does not carry it. The server preloads it with the page (entry-server.tsx's prerenderedModules).

/**
 * The server's phone guess for the first render (the one that hydrates), then the real width from then on. Once
 * hydrated, the page says so (public/boot.js replays a press it held; browser tests wait for it).
 */
const phone: { guess: boolean | null } = { guess: null };

interface HydratedProps {
  children: ReactNode;
  formatting: PrerenderState['formatting'];
  typed: TypedBeforeHydration;
}

function Hydrated({ children, formatting, typed }: HydratedProps) {
  useEffect(() => {
    // The page's own parts (loaded before hydrating, see below) finish hydrating right after the shell's commit.
    // Then what was typed meanwhile reaches the components, and once they have drawn it, a held press is replayed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        try {
          typed.replay();
        } finally {
          // Whatever happens to the replay, the page says it is hydrated (boot.js stops holding presses).
          setTimeout(() => {
            // Relative times count from the real "now" from here on (the page's parts have hydrated with the
            // render's); the locale and zone stay the ones the page was drawn in.
            if (formatting) setFormatting({ locale: formatting.locale, timeZone: formatting.timeZone });
            // Only now: parts that hydrate after the shell (behind Suspense) draw first what the server drew too; a
            // phone-width desk browser the server took for a desk would otherwise hydrate them as a phone (#418).
            phone.guess = null;
            document.documentElement.dataset.hydrated = 'true';
            document.dispatchEvent(new Event('tp:hydrated'));
          }, 0);
        }
      }, 0);
    });
    // Run twice (StrictMode in development), the first is called off: one replay, one "hydrated".
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [formatting, typed]);
  return <PhoneGuessContext value={phone}>{children}</PhoneGuessContext>;
}

/**
 * A page the server rendered (apps/server/src/platform/prerender.ts: for a visitor, or for the person signed in),
 * loaded on the reader's first interaction (public/boot.js): the same tree, from the same answers, takes over the
 * HTML on screen.
 */
export async function hydratePrerendered(container: HTMLElement, source: string) {
  const state = JSON.parse(source) as PrerenderState;
  const typed = typedBeforeHydration(container);
  // The page's code first (the route's page and the site's blocks), so hydration does not wait on it part by part.
  await Promise.all([
    prefetch(window.location.href),
    state.site ? preloadPublicSite() : undefined,
    state.formatting ? preloadSignedInShell() : undefined,
  ]);
  const queryClient = createQueryClient();
  hydrate(queryClient, state.queries);
  setSiteOrigin(state.origin);
  phone.guess = state.phone;
  // A signed-in page: hydrated in the locale, zone and "now" it was drawn with, so its dates read the same.
  if (state.formatting) setFormatting(state.formatting);
  // As a transition, hydration yields to the browser every few milliseconds (a phone stays responsive to the
  // visitor's first taps and scrolls while the page comes alive) instead of one long task.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Hydrated formatting={state.formatting} typed={typed}>
          <App queryClient={queryClient} />
        </Hydrated>
      </StrictMode>,
    );
  });
}
