import { createContext, useContext, useEffect, type RefObject } from 'react';
import { whenIdle } from './when-idle.ts';

/**
 * Loads a path's page code ahead of navigation: the router's prefetcher (app/router/prefetch.ts), given to the
 * tree by app.tsx, so that a feature's links can ask for their next page without knowing the router.
 */
export const PrefetchContext = createContext<(href: string) => void>(() => undefined);

/**
 * Prefetches a link's target once it is in view and the browser is idle: the menus' links, and a list's first
 * ticket (every ticket's page is the same code: issue 30, the ticket page's code was asked for only at the tap).
 */
export function usePrefetchInView(ref: RefObject<HTMLElement | null>, href: string | undefined): void {
  const prefetch = useContext(PrefetchContext);
  useEffect(() => {
    const el = ref.current;
    if (!el || !href || typeof IntersectionObserver === 'undefined') return;
    let cancel: () => void = () => undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      cancel = whenIdle(() => prefetch(href), 4000);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [ref, href, prefetch]);
}
