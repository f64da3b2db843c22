import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures.ts';
import { csrfHeaders } from './ticket-helpers.ts';

/*
 * SPEC §2's reference-site modal (issue 11): a site the website settings allow opens in a modal frame with a close
 * icon. The allowed site here is a local page (reference sites are https, or http on this machine); the page's CSP
 * frame-src lists exactly the published reference sites, so the frame loads it.
 */
test.describe.configure({ timeout: 120_000 });

let server: http.Server;
let url: string;
test.beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Reference</title><h1>Local reference page</h1></html>');
  });
  // Within this run's ports (E2E_PORT..+4 are the servers'): the next one up.
  const port = Number(process.env.E2E_PORT ?? 3210) + 5;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reference.html`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a reference site opens in a modal frame and closes', async ({ page, staff }) => {
  const admin = await staff('Admin');
  // The settings draft, or (before anyone saved one) the settings the site shows.
  const draft = await admin.context.request.get('/api/v1/admin/site/settings');
  const settings = (
    draft.status() === 200
      ? (await draft.json()).draft
      : (await (await admin.context.request.get('/api/v1/site')).json()).settings
  ) as Record<string, unknown>;
  const headers = await csrfHeaders(admin.context.request);
  const saved = await admin.context.request.put('/api/v1/admin/site/settings', {
    headers,
    data: { data: { ...settings, reference_sites: [{ label: { en: 'Local reference' }, url }] } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  expect((await admin.context.request.post('/api/v1/admin/site/settings/publish', { headers })).status()).toBe(200);

  const res = await page.goto('/contact-us');
  expect(res?.headers()['content-security-policy']).toMatch(/frame-src 'self'[^;]* http:\/\/127\.0\.0\.1:\d+(;|$)/);
  await page.getByTestId('reference-sites').getByRole('button', { name: 'Local reference' }).click();
  const modal = page.getByRole('dialog', { name: 'Local reference' });
  await expect(modal).toBeVisible();
  await expect(
    page.frameLocator('[data-testid="reference-site-frame"]').getByRole('heading', { name: 'Local reference page' }),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
});
