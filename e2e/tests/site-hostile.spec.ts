import { randomUUID } from 'node:crypto';
import { awaitHydration, expect, newUser, registerByApi, test } from './fixtures.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/*
 * Issue 28: a `$` pattern in any text once spliced the HTML template into the page (String.replace with a string), so
 * the page held several documents and a state script that did not parse, and the app never took it over. A
 * published page carrying each pattern, and staff's rendered ticket list naming a customer called `Eve $' Mallory`,
 * are served as one document and hydrate.
 */
const PATTERNS = ['$&', '$`', "$'", '$$', '$1'];

test('a published page carrying every $ pattern is one document that hydrates, its text as written', async ({
  staff,
  browser,
  baseURL,
}) => {
  const admin = await staff('Admin');
  const route = `fees-${randomUUID().slice(0, 6)}`;
  const title = `Fees ${PATTERNS.join(' here ')} here`;
  const data = {
    route,
    title: { en: title },
    description: { en: `Prices ${PATTERNS.join(' ')}` },
    blocks: [
      { id: 'h', type: 'hero', heading: { en: title }, text: { en: `From $199 ${PATTERNS.join(' ')}` } },
      { id: 'r', type: 'rich_text', html: { en: `<p>${PATTERNS.join(' and ')}</p>` } },
    ],
  };
  const created = await postJson<{ id: string }>(admin.context.request, '/api/v1/admin/site/pages', { data }, 201);
  await postJson(admin.context.request, `/api/v1/admin/site/pages/${created.id}/publish`, {}, 200);

  const visitor = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const page = await visitor.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(`/p/${route}`);
  const html = await res!.text();
  expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(html.match(/<link rel="canonical"/g)).toHaveLength(1);
  await awaitHydration(page);
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(PATTERNS.join(' and '))).toBeVisible();
  expect(await page.title()).toContain(title);
  expect(errors).toEqual([]);
  await visitor.close();
});

test("staff's rendered ticket list naming a customer `Eve $' Mallory` hydrates", async ({
  staff,
  browser,
  baseURL,
}) => {
  const customerContext = await browser.newContext({ baseURL });
  const eve = newUser({ full_name: `Eve $' Mallory $\` ${randomUUID().slice(0, 4)}` });
  await registerByApi(customerContext.request, eve);
  const ticket = await createTicketByApi(customerContext.request);
  await customerContext.close();

  const preparer = await staff('Tax Preparer');
  const errors: string[] = [];
  preparer.page.on('pageerror', (e) => errors.push(e.message));
  // The first page the app draws itself, and tells the server the reader's locale and zone (its cookie): from then
  // on the server renders staff's list, here searched for Eve's ticket.
  await preparer.page.goto('/dashboard');
  await expect.poll(async () => (await preparer.context.cookies()).some((c) => c.name.endsWith('tp_fmt'))).toBe(true);
  const res = await preparer.page.goto(`/all-tickets?q=${encodeURIComponent(ticket.name)}`);
  const html = await res!.text();
  expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
  expect(html).toContain('id="tp-prerender"');
  await expect(preparer.page.locator('html[data-hydrated]')).toBeAttached();
  await expect(preparer.page.getByText(eve.full_name).first()).toBeVisible();
  expect(errors).toEqual([]);
});

/* An outside tester's finding: a word of 250 letters, a long address or a preformatted line widened the page. */
test('at 390 px, a page of very long words hydrates without an error, and nothing widens it', async ({
  staff,
  browser,
  baseURL,
}) => {
  const admin = await staff('Admin');
  const route = `long-${randomUUID().slice(0, 6)}`;
  const word = 'W'.repeat(250);
  const data = {
    route,
    title: { en: 'Long words' },
    description: { en: 'A page of long words' },
    blocks: [
      { id: 'h', type: 'hero', heading: { en: word }, text: { en: `https://example.com/${'a'.repeat(400)}` } },
      {
        id: 'r',
        type: 'rich_text',
        html: { en: `<p>https://example.com/${'b'.repeat(500)}</p><pre>${'p'.repeat(300)}</pre>` },
      },
    ],
  };
  const created = await postJson<{ id: string }>(admin.context.request, '/api/v1/admin/site/pages', { data }, 201);
  await postJson(admin.context.request, `/api/v1/admin/site/pages/${created.id}/publish`, {}, 200);

  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await visitor.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/p/${route}`);
  await awaitHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: word })).toBeVisible();
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  expect(errors).toEqual([]);
  await visitor.close();
});
