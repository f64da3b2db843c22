import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, newUser, registerByApi, test } from './fixtures.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

/*
 * Issue 30: on a rendered page, what a person types while the app loads and takes the page over is kept, letter for
 * letter, on a slow phone (CPU 4× slower, 150 ms round trips, 1.6 Mbps, as Lighthouse's phone) and on a desk. The
 * person taps the field as soon as it shows and types at a person's pace through loading and hydration.
 */
test.describe.configure({ timeout: 180_000 });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

async function slowed(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

async function signedIn(browser: Browser, baseURL: string | undefined, phone: boolean) {
  const context = await browser.newContext(
    phone ? { ...PHONE, baseURL } : { baseURL, viewport: { width: 1280, height: 900 } },
  );
  contexts.push(context);
  const user = newUser();
  await registerByApi(context.request, user);
  const ticket = await createTicketByApi(context.request);
  const page = await context.newPage();
  await page.goto('/dashboard'); // the app runs once: the server learns the reader's zone
  await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeVisible();
  await page.goto('about:blank');
  return { page, ticket };
}

const MESSAGE = 'Please call me tomorrow, we have one dependent';

for (const phone of [false, true]) {
  test(`${phone ? 'phone' : 'desk'}: a message typed at once while the ticket page loads is sent as typed`, async ({
    browser,
    baseURL,
  }) => {
    const { page, ticket } = await signedIn(browser, baseURL, phone);
    const { errors } = watchPage(page);
    await slowed(page);
    await page.goto(`/form/message/${ticket.name}`, { waitUntil: 'commit' });
    const input = page.getByTestId('message-input');
    await input.waitFor({ state: 'visible' });
    if (phone) await input.tap();
    else await input.click();
    await input.pressSequentially(MESSAGE, { delay: 90 });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
    await expect(input).toHaveValue(MESSAGE);
    await page.getByTestId('message-send').click();
    await expect(page.getByTestId('message').filter({ hasText: MESSAGE })).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
}

test('phone: answers typed into the questionnaire as soon as it shows are kept and saved', async ({
  browser,
  baseURL,
}) => {
  const { page, ticket } = await signedIn(browser, baseURL, true);
  const { errors } = watchPage(page);
  await slowed(page);
  await page.goto(`/form/${ticket.name}`, { waitUntil: 'commit' });
  const first = page.getByTestId('q-first_name');
  await first.waitFor({ state: 'visible', timeout: 60_000 });
  await first.tap();
  await first.pressSequentially('Quinn-Élodie', { delay: 90 });
  await page.getByTestId('q-last_name').tap();
  await page.getByTestId('q-last_name').pressSequentially("O'Brien", { delay: 90 });
  await expect(first).toHaveValue('Quinn-Élodie');
  await expect
    .poll(
      async () => {
        const profile = await (await page.request.get(`/api/v1/tickets/${ticket.id}/profile`)).json();
        return [profile.sections.tax_payer.answers.first_name, profile.sections.tax_payer.answers.last_name];
      },
      { timeout: 30_000 },
    )
    .toEqual(['Quinn-Élodie', "O'Brien"]);
  expect(errors).toEqual([]);
});

test('phone: the ticket page code is fetched while the list is read, not at the tap', async ({ browser, baseURL }) => {
  const { page, ticket } = await signedIn(browser, baseURL, true);
  await page.goto('/my-tickets');
  await page.mouse.wheel(0, 1); // the reader scrolls: the app loads (not a touch on a link, which fetches it)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const afterTap: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') afterTap.push(new URL(r.url()).pathname);
  });
  await page.getByRole('link', { name: ticket.name }).tap();
  await expect(page.getByTestId('message-input')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(afterTap).toEqual([]);
});
