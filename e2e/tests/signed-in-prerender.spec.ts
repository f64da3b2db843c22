import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newUser, registerByApi, test } from './fixtures.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';
import { issueInvoiceByApi, moveToReadyForInvoice } from './billing-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

/*
 * Signed-in pages rendered on the server for the person signed in (issue 14; apps/web/src/entry-server.tsx lists
 * them, platform/prerender.ts renders them with that person's session). The first response is the page, written
 * in the reader's own locale and zone; the app loads on the first interaction and takes the page over without
 * drawing it again; what is typed meanwhile is not lost. Contexts are made here, not through the `page` fixture,
 * whose goto would interact to hydrate.
 */
test.describe.configure({ timeout: 120_000 });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

/** A new customer's phone in Tokyo, signed in, with a ticket, whose app has run once (it tells the server its zone). */
async function customerPhone(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ ...PHONE, baseURL, timezoneId: 'Asia/Tokyo', locale: 'en-GB' });
  contexts.push(context);
  const user = newUser();
  await registerByApi(context.request, user);
  const ticket = await createTicketByApi(context.request);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeVisible();
  return { context, page, user, ticket };
}

/** Counts every node under #root that hydration removes (a part drawn again rather than taken over). */
const countRemovals = (page: Page) =>
  page.evaluate(`(() => {
    window.removed = 0;
    new MutationObserver((records) => {
      for (const r of records) window.removed += r.removedNodes.length;
    }).observe(document.getElementById('root'), { childList: true, subtree: true });
  })()`);

test("a customer's phone gets their list in the first response, and the app takes it over as it is", async ({
  browser,
  baseURL,
}) => {
  const { page, ticket } = await customerPhone(browser, baseURL);
  await page.goto('about:blank'); // nothing of the dashboard still loading
  // The reader's first interaction comes ten minutes after the page was drawn: "now" must still read "now" as the
  // app takes the page over (the render's "now" goes with the page), or the page would be drawn again.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  // The app's entry arrives a second after it is asked for: time to look at the page as served.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const { scripts, beforeLoad, errors } = watchPage(page);
  await page.goto('/my-tickets');
  // The page itself, before any of the app's code: only boot.js is asked for with it.
  expect(beforeLoad).toEqual(['/boot.js']);
  await expect(page.locator('#tp-prerender')).toBeAttached();
  const row = page.getByRole('link', { name: ticket.name });
  await expect(row).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  const before = await page.locator('#root').innerText();
  await countRemovals(page);
  await page.mouse.move(10, 10);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  expect(await page.evaluate('window.removed')).toBe(0);
  expect(await page.locator('#root').innerText()).toBe(before);
  expect(errors).toEqual([]);
  // The app has the page: its links navigate in place.
  await row.click();
  await expect(page.getByTestId('conversation')).toBeVisible();
  expect(scripts.filter((s) => s === '/boot.js')).toHaveLength(1);
});

test('a message typed on a slow phone before the app has loaded is sent as typed', async ({ browser, baseURL }) => {
  const { context, page, ticket } = await customerPhone(browser, baseURL);
  // The app's entry arrives 2.5 s after it is asked for.
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const { errors } = watchPage(page);
  await page.goto(`/form/message/${ticket.name}`);
  await expect(page.locator('#tp-prerender')).toBeAttached();
  const input = page.getByTestId('message-input');
  await input.tap();
  await input.pressSequentially('Typed before the app was here');
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  // Once the app has the page, the composer has what its field shows (its send button, drawn disabled for an
  // empty message, comes alive with it).
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(input).toHaveValue('Typed before the app was here');
  await page.getByTestId('message-send').tap();
  await expect(page.getByTestId('message').filter({ hasText: 'Typed before the app was here' })).toBeVisible();
  await expect(input).toHaveValue('');
  expect(errors).toEqual([]);
});

test('a page is written in the reader’s zone; signed out, nothing of the person is rendered', async ({
  browser,
  baseURL,
}) => {
  const { page } = await customerPhone(browser, baseURL);
  await page.goto('/billing');
  await expect(page.locator('#tp-prerender')).toBeAttached();
  const state = JSON.parse((await page.locator('#tp-prerender').textContent())!) as {
    formatting: { locale: string; timeZone: string };
  };
  expect(state.formatting).toMatchObject({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
  // Signed out, the next load of a signed-in page is not rendered (nothing of the person is sent).
  await page.mouse.move(10, 10);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const res = await page.request.post('/api/v1/auth/logout', {
    headers: {
      'x-csrf-token': (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '',
    },
  });
  expect(res.status()).toBeLessThan(300);
  const html = await (await page.request.get('/my-tickets')).text();
  expect(html).toContain('<div id="root"></div>');
});

/*
 * A desk browser at phone width: the server takes it for a desk (its user agent) and draws the side menu. Before the
 * app has loaded, the page must still read as a page, not as a side menu as wide as the screen; once it has, the
 * phone's tab menu stands in for the side menu, without a hydration error.
 */
test('a desk browser at phone width reads its rendered dashboard before the app loads, then gets the tab menu', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  contexts.push(context);
  const user = newUser();
  await registerByApi(context.request, user);
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeVisible();
  await page.goto('about:blank');
  // The app's entry arrives two seconds after it is asked for: time to read the page as served.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const { errors } = watchPage(page);
  await page.goto('/dashboard');
  await expect(page.locator('#tp-prerender')).toBeAttached();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  await expect(page.getByTestId('side-menu')).not.toBeInViewport();
  await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeInViewport();
  await page.mouse.move(10, 10);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByTestId('tab-menu')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tap on Pay on a slow phone before the app has loaded opens the card dialog once it has', async ({
  browser,
  baseURL,
  staff,
}) => {
  const { context, page, ticket } = await customerPhone(browser, baseURL);
  const admin = await staff('Admin');
  await moveToReadyForInvoice(admin.context.request, ticket);
  const invoice = await issueInvoiceByApi(admin.context.request, ticket);
  await admin.context.close();
  // The app's entry arrives 2.5 s after it is asked for: the tap comes long before the app.
  await context.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  const { errors } = watchPage(page);
  await page.goto('/billing');
  await expect(page.locator('#tp-prerender')).toBeAttached();
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', /.*/);
  const row = page.locator(`[data-name="${invoice.name}"]`).first();
  await row.getByTestId('pay-button').tap();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // One tap is enough: the press held while the app loaded opens the dialog once it has the page.
  // (The phone reads en-GB: "US$249.00".)
  await expect(page.getByTestId('pay-dialog').getByTestId('pay-amount')).toContainText(
    (invoice.grand_total_cents / 100).toFixed(2),
  );
  expect(errors).toEqual([]);
});
