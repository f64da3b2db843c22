import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicTargetOf, SITE_ROUTE_PATHS, siteLanguageOf, WEB_ROUTE_PATHS } from '@taxportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

// Every page the web app's router draws answers its HTML on a direct load (a mailed link, a reload), not a 404:
// the server and the router read the one list (the contract's WEB_ROUTE_PATHS; issue 33).
let t: TestApp;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Tax Portal</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist: dist });
}, 120_000);
afterAll(async () => t.close());

/** A route path with each parameter given a value: `letters/:id?` → `/letters/x1`. */
const sampleOf = (route: string) => `/${route.replace(/:[a-z_0-9]+\??/g, 'x1')}`;

describe('every web route is the app’s page on the server', () => {
  const cases = [
    ...WEB_ROUTE_PATHS,
    ...WEB_ROUTE_PATHS.filter((p) => p.includes(':')).map((p) => p.replace(/\/:[a-z_0-9]+\?/g, '')),
  ]
    .map(sampleOf)
    // A piece of the site's content (a page, post, gallery…) is found or not by what is published: site-head.test.ts.
    // detail/… is only ever a post (site-head.ts).
    .filter((p) => publicTargetOf(siteLanguageOf(p).path) === null && !p.startsWith('/detail/'));
  it.each([...new Set(cases)])('GET %s answers 200 with the app', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toContain('id="root"');
  });

  // The router draws the public site under /es too (a Spanish visitor's form, its child rows).
  const spanish = SITE_ROUTE_PATHS.map((p) => `/es${sampleOf(p)}`).filter(
    (p) => publicTargetOf(siteLanguageOf(p).path) === null && !p.startsWith('/es/detail/'),
  );
  it.each(spanish)('GET %s answers 200 with the app', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html', 'accept-language': 'es' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toContain('id="root"');
  });

  it('the Spanish addresses the testers found among them', () => {
    for (const url of ['/es/webform-child', '/es/edit-webformchild', '/es/forms/x1/x1']) expect(spanish).toContain(url);
  });

  it('the mailed links of issue 33 among them', () => {
    for (const url of ['/letters/x1', '/letters', '/consents', '/consents/x1', '/shared/x1', '/join-household'])
      expect(cases).toContain(url);
  });

  it('an address the app does not draw is still a 404', async () => {
    expect((await t.app.inject('/no-such-place')).statusCode).toBe(404);
    expect((await t.app.inject('/letterz')).statusCode).toBe(404);
    // The portal's own pages are not drawn under /es.
    expect((await t.app.inject('/es/letters')).statusCode).toBe(404);
  });
});
