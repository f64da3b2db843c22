import type { RouteObject } from 'react-router';
import { SITE_ROUTE_PATHS } from '@taxportal/contract';
import type * as I18n from '../i18n/index.ts';
import { describe, expect, it, vi } from 'vitest';

const { loadPortalTexts } = vi.hoisted(() => ({ loadPortalTexts: vi.fn(() => Promise.resolve()) }));
vi.mock('../i18n/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof I18n>()),
  loadPortalTexts,
}));
const { routes } = await import('./routes.tsx');

/**
 * The pages anyone opens first (the public site, sign-in and its password reset, the not-found page): drawn with
 * the first load's texts alone (app/i18n/index.ts). Every other page is the portal's and loads its texts.
 */
const PUBLIC = new Set<string>(['index', 'home', 'home/:id', 'register', 'reset-password', '*', ...SITE_ROUTE_PATHS]);

type Preloadable = { preload: () => Promise<unknown> };
/** Each route drawing a page that loads its code (router/lazy-page.ts), by path. */
function pagesOf(list: RouteObject[]): [string, Preloadable][] {
  return list.flatMap((route) => {
    const type = (route.element as { type?: Partial<Preloadable> } | undefined)?.type;
    const own: [string, Preloadable][] =
      typeof type?.preload === 'function' ? [[route.index ? 'index' : route.path!, type as Preloadable]] : [];
    return [...own, ...pagesOf(route.children ?? [])];
  });
}

describe("the portal's texts", () => {
  it('load with every page but the public ones', async () => {
    const pages = pagesOf(routes);
    expect(pages.length).toBeGreaterThan(50);
    // Each page once (two routes may draw the same page, whose download is then shared).
    const loadsTexts = new Map<Preloadable, boolean>();
    const waiting: Promise<unknown>[] = [];
    for (const page of new Set(pages.map(([, page]) => page))) {
      loadPortalTexts.mockClear();
      waiting.push(page.preload());
      loadsTexts.set(page, loadPortalTexts.mock.calls.length > 0);
    }
    await Promise.allSettled(waiting);
    const withTexts = pages.filter(([, page]) => loadsTexts.get(page)).map(([path]) => path);
    const portal = pages.map(([path]) => path).filter((path) => !PUBLIC.has(path));
    expect(withTexts.sort()).toEqual(portal.sort());
  });
});
