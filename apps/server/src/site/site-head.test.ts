import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { eventInput, pageInput, publishContent, settingsInput } from './site.fixtures.ts';

// The HTML the server sends for public routes: each page's own head, before any JavaScript runs.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Built description"
    />
    <title>Tax Portal</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist: dist });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  const publish = (kind: string, data: unknown) => publishContent(admin, kind, data);
  const settings = await admin.put('/api/v1/admin/site/settings', {
    data: { ...settingsInput(), firm_name: 'Harbor Tax', tagline: { en: 'Tax help' }, social_links: [] },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  await admin.post('/api/v1/admin/site/settings/publish');
  await publish('pages', pageInput('home', 'Harbor Tax'));
  await publish('pages', pageInput('services', 'Services "&" </title><script>alert(1)</script>'));
  await publish('posts', {
    slug: 'deadline',
    title: { en: 'The April deadline' },
    excerpt: { en: 'What to file by April 15' },
    body: { en: '<p>File on time.</p>' },
    author: 'Ana Preparer',
  });
  await publish('events', eventInput());
  await publish('jobs', {
    slug: 'seasonal-preparer',
    title: { en: 'Seasonal tax preparer' },
    summary: { en: 'Join us for the season' },
    body: { en: '<p>Prepare returns.</p>' },
    employment_type: 'SEASONAL',
    location: 'Springfield, IL',
  });
}, 120_000);
afterAll(async () => t.close());

const ldOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
    '@graph': Record<string, unknown>[];
  };

describe('the head of public routes', () => {
  it('gives the home page its title, description, canonical, Open Graph, Twitter and the firm as AccountingService', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Harbor Tax</title>');
    expect(html).not.toContain('Built description');
    expect(html).toContain('<meta name="description" content="Harbor Tax: what we do" />');
    expect(html).toContain('<link rel="canonical" href="https://harbor.example/" />');
    expect(html).toContain('<meta property="og:title" content="Harbor Tax" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain('hreflang="en"');
    const firm = ldOf(html)['@graph'][0]!;
    expect(firm['@type']).toBe('AccountingService');
    expect(firm.address).toMatchObject({ streetAddress: '12 Harbor St', addressLocality: 'Springfield' });
  });

  it('escapes everything it injects', async () => {
    const html = (await t.app.inject('/p/services')).body;
    expect(html).toContain('<title>Services &quot;&amp;&quot; | Harbor Tax</title>');
    expect(html).not.toContain('<script>alert');
  });

  it('describes posts as BlogPosting, events as Event and jobs as JobPosting', async () => {
    const post = (await t.app.inject('/detail/blog/deadline')).body;
    expect(post).toContain('<title>The April deadline | Harbor Tax</title>');
    expect(ldOf(post)['@graph'][0]).toMatchObject({ '@type': 'BlogPosting', headline: 'The April deadline' });
    const event = (await t.app.inject('/events/webinar')).body;
    expect(ldOf(event)['@graph'][0]).toMatchObject({
      '@type': 'Event',
      startDate: '2027-04-01T18:00:00-04:00',
      location: { '@type': 'VirtualLocation', url: 'https://meet.example/webinar' },
    });
    const job = (await t.app.inject('/seeker/seasonal-preparer')).body;
    expect(ldOf(job)['@graph'][0]).toMatchObject({ '@type': 'JobPosting', employmentType: 'SEASONAL' });
  });

  it('reads a post at one, two or three levels with one canonical address; three levels need its category', async () => {
    for (const path of ['/detail/deadline', '/detail/blog/deadline']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<link rel="canonical" href="https://harbor.example/detail/blog/deadline" />');
    }
    // Not in that category (it has none): not found, as the web app says too.
    expect((await t.app.inject('/detail/blog/news/deadline')).statusCode).toBe(404);
    expect((await t.app.inject('/detail/pages/a/deadline')).statusCode).toBe(404);
  });

  it('keeps a visitor’s own submissions out of search engines', async () => {
    for (const path of ['/forms/apply/abc123', '/webform-child', '/edit-webformchild']) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(res.body).toContain('<title>My submissions | Harbor Tax</title>');
    }
    const robots = (await t.app.inject('/robots.txt')).body;
    expect(robots).toContain('Disallow: /webform-child');
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    expect(sitemap).not.toMatch(/webform-child|\/forms\/[^/<]+\/[^/<]+</);
  });

  it('answers 404 for an unpublished public route and an unknown path, and leaves the portal’s pages alone', async () => {
    expect((await t.app.inject('/p/not-there')).statusCode).toBe(404);
    const unknown = await t.app.inject('/no-such-place');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('id="root"');
    expect(unknown.body).toContain('noindex');
    const portal = await t.app.inject('/dashboard');
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('<title>Tax Portal</title>');
  });
});

describe('the reference sites in the CSP', () => {
  const frameSrc = (csp: unknown) => /frame-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? [];

  it('lets the web app’s pages frame exactly the published reference sites', async () => {
    for (const url of ['/', '/dashboard', '/p/services']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(frameSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'https://www.irs.gov']);
    }
    // API answers frame nothing extra.
    const api = await t.app.inject({ url: '/api/v1/site' });
    expect(frameSrc(api.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('follows the published settings: a site removed is no longer allowed, a draft adds none', async () => {
    const base = { ...settingsInput(), firm_name: 'Harbor Tax', tagline: { en: 'Tax help' }, social_links: [] };
    await admin.put('/api/v1/admin/site/settings', {
      data: { ...base, reference_sites: [{ label: { en: 'Local' }, url: 'http://127.0.0.1:3999/form.html' }] },
    });
    let res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(frameSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'https://www.irs.gov']);
    await admin.post('/api/v1/admin/site/settings/publish');
    res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(frameSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'http://127.0.0.1:3999']);
  });

  it('refuses a reference site that is neither https nor on this machine', async () => {
    const base = { ...settingsInput(), firm_name: 'Harbor Tax', tagline: { en: 'Tax help' }, social_links: [] };
    for (const url of ['http://evil.example', 'javascript:alert(1)', 'http://127.0.0.1.evil.example/']) {
      const res = await admin.put('/api/v1/admin/site/settings', {
        data: { ...base, reference_sites: [{ label: { en: 'Bad' }, url }] },
      });
      expect(res.statusCode, url).toBe(422);
    }
  });
});
