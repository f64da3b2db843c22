import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads when it is first drawn, or ahead of that (`preload`): both share one download.
 * `isLoaded`: whether its code is in, so that what waits for it can draw it at once.
 */
export type LazyComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
};

/**
 * Like React.lazy, but once its code is in, the component draws at once instead of suspending. React.lazy suspends
 * on its first render even when the module is loaded already; while a page the server rendered is being hydrated,
 * a Suspense boundary that waits when anything above it updates is thrown away and drawn again from scratch (the
 * visitor sees a flash, and a press that public/boot.js held is lost with the button it was on). So a rendered
 * page's code is loaded first (hydrate-prerendered.tsx) and then hydrates in one pass. Each instance keeps the
 * kind it started with, so a module arriving later never remounts what is on screen.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A failed download is tried again by the next preload, and instances drawn once it succeeds use what it
        // loaded. One drawn before that gets React's lazy component, which keeps a failure for good: so parts that
        // may fail to download are drawn only once loaded (ui/'s OnceOpened and LoadedPart).
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Loadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Loadable, { preload, isLoaded: () => loaded !== undefined });
}

/**
 * Starts loading a part's code ahead of drawing it. A failed download is not reported here: it is the part's to
 * show when drawn (ui/loaded-part.tsx, ui/once-opened.tsx), which download again.
 */
export function preloadAhead(part: Pick<LazyComponent, 'preload'>): void {
  part.preload().catch(() => undefined);
}

/**
 * Props for the button that opens a lazily loaded part (a dialog): its code starts loading when the pointer reaches
 * the button (a finger's press included: pointerenter comes before the click) or the keyboard focuses it, so the
 * part is usually in by the time it is opened.
 */
export function loadOnIntent(part: Pick<LazyComponent, 'preload'>): {
  onPointerEnter: () => void;
  onFocus: () => void;
} {
  const load = () => preloadAhead(part);
  return { onPointerEnter: load, onFocus: load };
}
