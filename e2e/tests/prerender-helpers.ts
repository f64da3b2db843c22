import { devices, type Page } from '@playwright/test';

/** A phone as the rendered-page journeys use it: Pixel 7's user agent, touch, 390 px wide. */
export const PHONE = { ...devices['Pixel 7'], isMobile: true, hasTouch: true, viewport: { width: 390, height: 844 } };

/** Every script a page fetches, by path (and those before its load event), and every error it reports. */
export function watchPage(page: Page) {
  const scripts: string[] = [];
  /** Those asked for before the page's load event: the app's own come only after it (public/boot.js). */
  const beforeLoad: string[] = [];
  const errors: string[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('request', (req) => {
    if (req.resourceType() !== 'script') return;
    scripts.push(new URL(req.url()).pathname);
    if (!loaded) beforeLoad.push(new URL(req.url()).pathname);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { scripts, beforeLoad, errors };
}
