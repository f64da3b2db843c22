import { useEffect, type ReactElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import type { LazyPage } from './lazy-page.ts';

/**
 * Loading the next page's code on intent: when a link to it is hovered, focused or touched, or (menu links)
 * scrolled into view while the browser is idle. The first load carries only the shell and the page shown.
 */
export function createPrefetcher(routes: RouteObject[]): (href: string) => Promise<void> {
  return async (href) => {
    let url: URL;
    try {
      url = new URL(href, window.location.href);
    } catch {
      return;
    }
    if (url.origin !== window.location.origin) return;
    const loads = (matchRoutes(routes, url.pathname) ?? []).map((match) => {
      const page = (match.route.element as ReactElement | undefined)?.type as Partial<LazyPage> | undefined;
      return page?.preload?.().catch(() => undefined);
    });
    await Promise.all(loads);
  };
}

/** Prefetches the target of any in-app link the pointer rests on, the keyboard focuses or a finger touches. */
export function usePrefetchOnIntent(prefetch: (href: string) => void): void {
  useEffect(() => {
    const onIntent = (e: Event) => {
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (link) prefetch(link.getAttribute('href')!);
    };
    const events = ['mouseover', 'focusin', 'touchstart'] as const;
    for (const type of events) document.addEventListener(type, onIntent, { passive: true, capture: true });
    return () => {
      for (const type of events) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [prefetch]);
}
