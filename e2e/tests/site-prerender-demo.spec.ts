import type { BrowserContext } from '@playwright/test';
import { awaitHydration, expect, signInByApi, test } from './fixtures.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';

/*
 * Public pages rendered on the server (issue 11; apps/server/src/platform/prerender.ts, apps/web/public/boot.js),
 * on the demo server and its sample site (this file's name puts it in the `demo` project). A visitor without a
 * session gets the page as whole HTML: it reads with no script at all, loads only /boot.js until the first
 * interaction, and then the app takes the same page over (hydration) with no error and no change to the text.
 * Contexts are made here, not through the `page` fixture, whose goto would interact to hydrate.
 */
test.describe.configure({ timeout: 120_000 });

/** Whether a node is still the one in the document (hydration took it over rather than drawing it again). */
const stillThere = (node: { evaluate: (f: (n: unknown) => boolean) => Promise<boolean> }) =>
  node.evaluate((n) => (n as { isConnected: boolean }).isConnected);

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test('with scripts off, the home page and a CMS page read whole, with their titles', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveTitle('Harbor Tax & Accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Taxes done right, without the shoebox' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Services and prices' })).toBeVisible();
  await expect(page.getByTestId('site-footer')).toContainText('240 Harbor Street');
  // The menu's links are plain links: a visitor without scripts goes on reading.
  await page.getByTestId('site-nav').getByRole('link', { name: 'About us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/p/pricing');
  await expect(page).toHaveTitle('Pricing | Harbor Tax & Accounting');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('only /boot.js loads until the first interaction; then the app takes the same page over', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  // The app's entry arrives a second after it is asked for: time to look at the page as served.
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const page = await context.newPage();
  const { scripts, beforeLoad, errors } = watchPage(page);
  await page.goto('/');
  expect(beforeLoad).toEqual(['/boot.js']);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  const before = await page.locator('#root').innerText();
  const heading = (await page.getByRole('heading', { level: 1 }).elementHandle())!;

  await page.waitForTimeout(1500);
  expect(scripts).toEqual(['/boot.js']); // nothing more without an interaction (decision 0028)
  await page.mouse.move(200, 200);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(scripts.length).toBeGreaterThan(1);
  expect(await page.locator('#root').innerText()).toBe(before);
  expect(await stillThere(heading)).toBe(true);
  expect(errors).toEqual([]);
  // Alive: the menu's links now navigate inside the app, without a page load.
  await page.getByTestId('site-nav').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByTestId('contact-form')).toBeVisible();
  expect(errors).toEqual([]);
});

test('on a phone, a tap on the menu before the app has loaded opens it once the app has', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  contexts.push(context);
  // A slow network: the app's entry arrives two seconds after it is asked for.
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/');
  // The server drew the mobile variant for the phone's user agent.
  await expect(page.getByTestId('site-page-home')).toHaveAttribute('data-variant', 'mobile');
  const before = await page.locator('#root').innerText();
  const burger = page.getByRole('button', { name: 'Open the menu' });
  const node = (await burger.elementHandle())!;
  await burger.tap();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Pricing' })).toBeVisible();
  expect(await stillThere(node)).toBe(true);
  expect(errors).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.locator('#root').innerText()).toBe(before);
});

/*
 * An outside tester's finding: a desk browser at phone width (the server guesses the layout from the user agent, so
 * it draws the desk's) hydrated the page's parts behind Suspense as a phone: React error #418 on every public page.
 */
test('a desk browser at phone width hydrates the desk page the server drew, then turns it into the phone layout', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  for (const url of ['/', '/contact-us']) {
    await page.goto(url);
    await awaitHydration(page);
    await expect(page.getByRole('button', { name: 'Open the menu' })).toBeVisible();
    expect(errors, url).toEqual([]);
  }
});

test('someone signed in gets the page drawn by the browser, not the visitor rendering', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  await signInByApi(context.request, { email: 'customer@demo.test', password: 'demo-pass-2026' });
  const page = await context.newPage();
  const res = await page.goto('/p/pricing');
  expect(await res?.text()).not.toContain('tp-prerender');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#tp-prerender')).toHaveCount(0);
});
