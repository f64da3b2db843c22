import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';

/*
 * /register rendered on the server for a visitor (issue 14; site/site-head.ts gives it a head, platform/prerender.ts
 * renders it, public/boot.js loads the app on the first interaction). What a visitor types before the app has taken
 * the page over must not be lost: the fields keep it through hydration, the form's state takes it up
 * (lib/typed-before-hydration.ts), and a submit sent meanwhile is sent by the app once it is there.
 * On the demo server (this file's name puts it in the `demo` project). Contexts are made here, not through the
 * `page` fixture, whose goto would interact to hydrate.
 */
test.describe.configure({ timeout: 120_000 });

const CUSTOMER = { email: 'customer@demo.test', password: 'demo-pass-2026' };

/** The app's entry arrives `ms` after it is asked for: a phone on a slow network. */
const slowEntry = (context: BrowserContext, ms: number) =>
  context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

test('with scripts off, /register shows its title and the sign-in form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  contexts.push(context);
  const page = await context.newPage();
  const res = await page.goto('/register');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle('Sign in or create an account | Harbor Tax & Accounting');
  const form = page.getByTestId('sign-in-form');
  await expect(form.getByLabel('E-mail')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/register$/);
});

test('a phone types its e-mail and password and presses Enter before the app has loaded, and is signed in', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  contexts.push(context);
  // Long enough for a busy machine to type both fields first (it took longer than 2.5 s beside other runs).
  await slowEntry(context, 6000);
  const page = await context.newPage();
  const { beforeLoad, errors } = watchPage(page);
  await page.goto('/register');
  expect(beforeLoad).toEqual(['/boot.js']);
  const form = page.getByTestId('sign-in-form');
  const email = form.getByLabel('E-mail');
  const node = (await email.elementHandle())!;
  await email.tap();
  await email.pressSequentially(CUSTOMER.email);
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await password.tap();
  await password.pressSequentially(CUSTOMER.password);
  await password.press('Enter');
  // All of it before the app took the page over: the submit is held, not sent as a GET with the fields.
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  expect(page.url()).not.toContain('password');

  await page.waitForURL(/\/dashboard$/);
  expect(await node.evaluate((n) => (n as { isConnected: boolean }).isConnected)).toBe(false); // left the page
  expect(errors).toEqual([]);
});

test('a desk hydrates /register without drawing it again, and takes up what was typed before', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await slowEntry(context, 1500);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/register');
  const before = await page.locator('#root').innerText();
  // Every node hydration would remove (a part drawn again rather than taken over) is counted.
  // (A string: this project's types have no DOM.)
  await page.evaluate(`(() => {
    window.removed = 0;
    new MutationObserver((records) => {
      for (const r of records) window.removed += r.removedNodes.length;
    }).observe(document.getElementById('root'), { childList: true, subtree: true });
  })()`);
  const form = page.getByTestId('sign-in-form');
  // A password manager fills both fields at once, before the app is there.
  await form.getByLabel('E-mail').fill('someone@example.com');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-1');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(await page.evaluate('window.removed')).toBe(0);
  expect(await page.locator('#root').innerText()).toBe(before);
  await expect(form.getByLabel('E-mail')).toHaveValue('someone@example.com');
  // The form's state has what the fields show: sent, it is the server that refuses it, not "required".
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid e-mail or password').first()).toBeVisible();
  await expect(form.getByText(/is required/)).toHaveCount(0);
  expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('a phone taps "Create account" before the app is there: the tab answers at once, and the app agrees', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  contexts.push(context);
  await slowEntry(context, 2500);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/register');
  const tab = page.getByRole('tab', { name: 'Create account' });
  await tab.tap();
  // Answered by the page itself (public/boot.js), while the app is still on its way.
  await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  const create = page.getByTestId('create-account-form');
  await expect(create).toBeVisible({ timeout: 500 });
  await expect(page.getByTestId('sign-in-form')).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  const name = create.getByLabel('Full name');
  await name.tap();
  await name.pressSequentially('Ana Núñez');

  // Once the app has taken the page over, it shows the same tab, with what was typed, and works from there.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(create).toBeVisible();
  await expect(page.getByTestId('sign-in-form')).toBeHidden();
  await expect(name).toHaveValue('Ana Núñez');
  const signIn = page.getByRole('tab', { name: 'Sign in' });
  await signIn.tap();
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
  await expect(create).toBeHidden();
  await tab.tap();
  await expect(create).toBeVisible();
  expect(errors).toEqual([]);
});

test('before the app: a tab chosen, then a form sent, then the app: the tabs still answer; the arrows choose tabs', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  await slowEntry(context, 2500);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/register');
  const signIn = page.getByRole('tab', { name: 'Sign in' });
  const create = page.getByRole('tab', { name: 'Create account' });
  // The keyboard, before the app: the right arrow moves to and selects "Create account".
  await signIn.focus();
  await page.keyboard.press('ArrowRight');
  await expect(create).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
  await expect(create).toBeFocused();
  const form = page.getByTestId('create-account-form');
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await form.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);

  // The app takes the page over on the tab chosen, then sends the form (which it refuses: too short)…
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(form.getByText(/at least 8 characters/)).toBeVisible();
  await expect(create).toHaveAttribute('aria-selected', 'true');
  // …and "Sign in" answers the first time.
  await signIn.click();
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
  await expect(form).toBeHidden();
  expect(errors).toEqual([]);
});
