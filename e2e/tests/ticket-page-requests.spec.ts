import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { createTicketByApi, ticketRow } from './ticket-helpers.ts';

/*
 * Issue 30: navigating in the app from the ticket list to a ticket asks for the page's data at the tap, beside its
 * code and never after it, in one stage: the ticket and every panel's data at once, none waiting for another's
 * answer. Checked in the browser, from the requests the page makes, with the page's own code and every API answer
 * held back so that an order that waits would show.
 */

type Manifest = Record<string, { file: string }>;
const manifest = JSON.parse(
  readFileSync(new URL('../../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
) as Manifest;
/** The ticket page's own code: the page and its panels (composed-pages.tsx), not the shared chunks they use. */
const pageCode = [
  'src/features/tickets/ticket-page.tsx',
  'src/features/documents/ticket-uploads-panel.tsx',
  'src/features/document-requests/ticket-requests-panel.tsx',
  'src/features/signing/ticket-drafts-panel.tsx',
  'src/features/billing/ticket-invoice-panel.tsx',
].map((src) => `/${manifest[src]!.file}`);

const CODE_DELAY = 4_000;
const API_DELAY = 400;

/** What the ticket page draws from (a request per part), by the ticket's name, id or the ticket's filter. */
const PARTS = [
  /\/api\/v1\/tickets\/[^/]+$/,
  /\/messages\b/,
  /\/document-requests$/,
  /\/drafts$/,
  /\/signing$/,
  /\/invoice$/,
  /\/api\/v1\/documents\?/,
  /\/history$/,
];

test('in-app navigation to a ticket asks for its data at the tap, in one stage, beside its code', async ({
  page,
  customer,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const codeDone: number[] = [];
  await page.route(
    (url) => pageCode.includes(url.pathname),
    async (route) => {
      await new Promise((r) => setTimeout(r, CODE_DELAY));
      await route.continue();
      codeDone.push(Date.now());
    },
  );
  await page.goto('/my-tickets');
  const row = await ticketRow(page, ticket.name);

  // From here every API answer is held a while: a request that waits for another's answer would start after it.
  await page.route('**/api/v1/**', async (route) => {
    if (route.request().url().includes('/events')) return route.continue();
    await new Promise((r) => setTimeout(r, API_DELAY));
    await route.continue();
  });
  const seen: { url: string; start: number; end?: number }[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v1/') && !req.url().includes('/events'))
      seen.push({ url: req.url(), start: Date.now() });
  });
  page.on('requestfinished', (req) => {
    const entry = seen.find((s) => s.url === req.url() && s.end === undefined);
    if (entry) entry.end = Date.now();
  });

  const tapped = Date.now();
  await row.getByRole('link').first().click();
  await expect(page.getByTestId('ticket-page')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('message-input')).toBeVisible();
  const shown = Date.now();

  const parts = PARTS.map((pattern) => {
    const request = seen.find(
      (s) => s.start >= tapped && pattern.test(new URL(s.url).pathname + new URL(s.url).search),
    );
    expect(request, `a request for ${pattern}`).toBeDefined();
    return request!;
  });
  const firstAnswer = Math.min(...parts.map((p) => p.end ?? Infinity));
  const lastStart = Math.max(...parts.map((p) => p.start));
  // One stage: every part was asked for before any of them had answered (each answer is held API_DELAY).
  expect(lastStart, parts.map((p) => `${p.start - tapped} ms ${p.url}`).join('\n')).toBeLessThan(firstAnswer);
  // At the tap, beside the page's code and not after it: all asked for before any of its code (held CODE_DELAY)
  // had arrived, and the page could only show once it had.
  expect(lastStart - tapped).toBeLessThan(1_000);
  expect(codeDone.length).toBeGreaterThan(0);
  expect(lastStart).toBeLessThan(Math.min(...codeDone));
  expect(shown).toBeGreaterThanOrEqual(Math.min(...codeDone));
  // Each part asked for once: the page's own queries found the requests under way (and nothing asks again a
  // moment later, once the page has drawn).
  await page.waitForTimeout(1_500);
  for (const pattern of PARTS) {
    const asked = seen.filter(
      (s) => s.start >= tapped && pattern.test(new URL(s.url).pathname + new URL(s.url).search),
    );
    expect(asked.length, `${pattern} asked ${asked.length} times`).toBe(1);
  }
});
