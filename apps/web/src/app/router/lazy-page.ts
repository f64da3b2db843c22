import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '../../lib/lazy-component.ts';

/** A page loaded on first render, which can also be loaded ahead (prefetch.ts): both share one import. */
export type LazyPage = LazyComponent;

export const lazyPage = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazyComponent(load);
