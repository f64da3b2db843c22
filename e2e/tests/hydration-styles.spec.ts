import type { Page } from '@playwright/test';
import { expect, newUser, registerByApi, test } from './fixtures.ts';
import { PHONE } from './prerender-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

/*
 * Issue 30: a page the server rendered for the person signed in keeps its look when the app takes it over. The
 * rendered page carries its stylesheets inline; the app's parts then ask for theirs, and a sheet added after the
 * inline ones (Mantine's UnstyledButton) turned Upload, Send and "Start a service request" into plain text.
 * Every button and link is compared, computed style by computed style, before and after hydration.
 */
test.describe.configure({ timeout: 180_000 });

const PROPS = [
  'background-color',
  'border-top-width',
  'border-top-color',
  'border-radius',
  'color',
  'text-decoration-line',
  'padding-left',
  'height',
  'font-weight',
  'display',
];

/** Each visible button and link under #root, in document order: its text and computed styles. */
const looks = (page: Page) =>
  page.evaluate(`(() => {
    const props = ${JSON.stringify(PROPS)};
    return [...document.querySelectorAll('#root button, #root a, #root [role="button"]')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const cs = getComputedStyle(el);
        return (el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40) + ' | ' +
          props.map((p) => p + ': ' + cs.getPropertyValue(p)).join('; ');
      });
  })()`) as Promise<string[]>;

/** The page as served (no app yet), then taken over: nothing looks different, once every part has loaded. */
async function sameLookAfterHydration(page: Page, path: string, ready: string) {
  // The inlined sheets are named for the app's loader but never fetched again.
  const sheets: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname);
  });
  // The app's entry arrives a second after it is asked for: time to look at the page as served.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(path);
  const inlined = await page
    .locator('link[data-inlined]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  await expect(page.locator('#tp-prerender')).toBeAttached();
  await expect(page.locator(ready).first()).toBeVisible();
  const before = await looks(page);
  expect(before.length).toBeGreaterThan(3);
  await page.mouse.move(20, 20);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.mouse.move(-1, -1); // nothing hovered
  // Compared by each element's text (and which of that text it is): a list may gain a row meanwhile (another
  // test's ticket, live), which is not a change of look; every element there before must look the same, and all
  // but one must still be there.
  const keyed = (rows: string[]) => {
    const seen = new Map<string, number>();
    return new Map(
      rows.map((row) => {
        const text = row.split(' | ')[0]!;
        const n = (seen.get(text) ?? 0) + 1;
        seen.set(text, n);
        return [`${text} #${n}`, row] as const;
      }),
    );
  };
  const was = keyed(before);
  const now = keyed(await looks(page));
  const kept = [...was.keys()].filter((k) => now.has(k));
  expect(kept.length, path).toBeGreaterThanOrEqual(was.size - 1);
  expect(
    kept.filter((k) => now.get(k) !== was.get(k)).map((k) => now.get(k)),
    path,
  ).toEqual([]);
  expect(inlined.length).toBeGreaterThan(0);
  expect(
    sheets.filter((s) => inlined.includes(s)),
    path,
  ).toEqual([]);
  page.removeAllListeners('request');
  await page.unrouteAll();
}

for (const phone of [false, true]) {
  test(`${phone ? 'phone' : 'desk'}: a customer's rendered pages look the same once the app has them`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext(
      phone ? { ...PHONE, baseURL } : { baseURL, viewport: { width: 1280, height: 900 } },
    );
    try {
      const user = newUser();
      await registerByApi(context.request, user);
      const ticket = await createTicketByApi(context.request);
      const page = await context.newPage();
      await page.goto('/dashboard');
      await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeVisible();
      for (const [path, ready] of [
        ['/dashboard', '[data-testid="welcome-card"]'],
        ['/my-tickets', `a:has-text("${ticket.name}")`],
        [`/form/message/${ticket.name}`, '[data-testid="message-input"]'],
        ['/vault', '#root button'],
        ['/billing', '[data-testid="billing-page"]'],
      ] as const) {
        await page.goto('about:blank');
        await sameLookAfterHydration(page, path, ready);
      }
    } finally {
      await context.close();
    }
  });
}

test("desk: staff's rendered ticket list looks the same once the app has it", async ({ staff }) => {
  const admin = await staff('Admin');
  const page = await admin.context.newPage();
  // The app runs once (the server learns the reader's zone, and renders for them from then on).
  await page.goto('/all-tickets');
  await page.mouse.move(20, 20);
  await expect(page.locator('#root h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('about:blank');
  await sameLookAfterHydration(page, '/all-tickets', '#root h1');
});
