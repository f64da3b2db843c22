import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page loaded on first render, which can also be loaded ahead (prefetch.ts): both share one import. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const once = () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined; // a failed download is tried again next time
      throw err;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
