import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApi, loadPrerender } from '../platform/prerender.ts';
import { findWebDist } from '../platform/web.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { eventInput, pageInput, publishContent, settingsInput } from './site.fixtures.ts';

// Public pages rendered on the server for visitors (platform/prerender.ts with the web build's
// dist-ssr/entry-server.js): the page's text is in the first response, nothing personal ever is.
// Needs `npm run build` (as `npm test` does first); CI fails if the build is missing rather than skip.
const webDist = findWebDist();
const built = webDist !== null && fs.existsSync(path.join(webDist, '..', 'dist-ssr', 'entry-server.js'));
if (!built && process.env.CI) throw new Error('apps/web is not built: run `npm run build` before this test');

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id="tp-prerender"/.exec(html)?.[1] ?? '';
const stateOf = (html: string) =>
  JSON.parse(/<script id="tp-prerender" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
    queries: { queries: { queryKey: unknown[] }[] };
    phone: boolean;
    origin: string;
    site: boolean;
  };

let t: TestApp;
let admin: Agent;
let customer: Agent;
beforeAll(async () => {
  if (!built) return;
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist: webDist! });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  customer = await signIn(t, (await createCustomer(t)).email);
  const publish = (kind: string, data: unknown) => publishContent(admin, kind, data);
  await admin.put('/api/v1/admin/site/settings', {
    data: { ...settingsInput(), firm_name: 'Harbor Tax', tagline: { en: 'Tax help' }, social_links: [] },
  });
  await admin.post('/api/v1/admin/site/settings/publish');
  await publish('pages', pageInput('home', 'Harbor Tax for desks'));
  await publish('pages', pageInput('home', 'Harbor Tax for phones', { variant: 'mobile' }));
  await publish('pages', pageInput('services', 'Services </script><script>alert(1)</script> & more'));
  await publish('events', eventInput());
  // A draft: never rendered, never in the state.
  const draft = await admin.post('/api/v1/admin/site/pages', { data: pageInput('secret-plans', 'Secret plans') });
  expect(draft.statusCode).toBe(201);
}, 120_000);
afterAll(async () => t?.close());

describe.skipIf(!built)('public pages rendered on the server', () => {
  it("sends a visitor the page's own text in the HTML, with the answers it was made from and its stylesheets", async () => {
    const res = await t.app.inject('/p/services');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('Taxes done right.');
    expect(root).toContain('<strong>there</strong>');
    expect(root).toContain('Harbor Tax'); // the site's frame (menu, footer) from the published settings
    const keys = stateOf(res.body).queries.queries.map((q) => JSON.stringify(q.queryKey));
    expect(keys).toContain(JSON.stringify(['site', 'settings']));
    expect(keys).toContain(JSON.stringify(['site', 'page', 'services', 'web']));
    expect(stateOf(res.body).origin).toBe('https://harbor.example');
    // The stylesheets of the page's chunks are in the head, so the first paint is the styled page.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toMatch(/<style data-prerendered>[^<]*\.m_[\w]+/);
    // Nothing fetched before the first paint: the only stylesheet links name the inlined sheets, never applied.
    const inlined = head.match(/<link rel="stylesheet" [^>]*>/g) ?? [];
    expect(inlined.length).toBeGreaterThan(0);
    for (const link of inlined) expect(link).toMatch(/ media="not all" disabled data-inlined>$/);
    expect(head).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
    // The app's scripts wait for the visitor's first interaction (public/boot.js): the entry, and what to preload.
    expect(head).toContain('<script src="/boot.js" defer></script>');
    const entry = /<meta name="tp-entry" content="(\/assets\/index-[\w-]+\.js)" data-preload="([^"]*)">/.exec(head);
    expect(entry).not.toBeNull();
    const preload = JSON.parse(entry![2]!.replace(/&quot;/g, '"')) as string[];
    expect(preload.some((f) => /^\/assets\/site-pages-[\w-]+\.js$/.test(f))).toBe(true);
    expect((await t.app.inject(entry![1]!)).statusCode).toBe(200);
    expect((await t.app.inject('/boot.js')).statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/);
    expect(res.headers.vary).toMatch(/accept-encoding/);
  });

  it('escapes what content holds, in the markup and in the state', async () => {
    // The editor's save already took the tags out of the title (sanitised on the server); what is left is text.
    const html = (await t.app.inject('/p/services')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(rootOf(html)).toContain('>Services  &amp; more</h1>');
    const json = /<script id="tp-prerender" type="application\/json">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.stringify(stateOf(html))).toContain('Services  & more');
  });

  it('renders an event with its date and time in its own zone, on its page and in the list', async () => {
    for (const url of ['/events/webinar', '/seeker']) {
      const root = rootOf((await t.app.inject(url)).body);
      expect(root, url).toContain('Deadline webinar');
      expect(root, url).toContain('Thursday, April 1, 2027 at 6:00 PM EDT');
    }
  });

  it("gives a phone's browser the home page's mobile variant and a desk's the web one", async () => {
    const phone = await t.app.inject({ url: '/', headers: { 'user-agent': PHONE_UA } });
    expect(rootOf(phone.body)).toContain('Harbor Tax for phones');
    expect(stateOf(phone.body).phone).toBe(true);
    const desk = await t.app.inject({ url: '/', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
    expect(rootOf(desk.body)).toContain('Harbor Tax for desks');
    expect(stateOf(desk.body).phone).toBe(false);
  });

  it('sends a draft’s address as a 404, unrendered and without its content', async () => {
    const res = await t.app.inject('/p/secret-plans');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Secret plans');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('never renders for someone signed in: their browser draws the page, with their session', async () => {
    for (const agent of [customer, admin]) {
      const res = await agent.get('/p/services');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('tp-prerender');
    }
    // A CSRF cookie alone (the session expired, or only the cookie is left) is enough to step aside.
    const res = await t.app.inject({ url: '/p/services', cookies: { csrf_token: 'x' } });
    expect(res.body).not.toContain('tp-prerender');
  });

  it('leaves the portal’s own pages to the browser', async () => {
    for (const url of ['/dashboard', '/my-tickets', '/vault']) {
      const res = await t.app.inject(url);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('renders /register for a visitor, with its own head, styles and scripts; never for someone signed in', async () => {
    const res = await t.app.inject('/register');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Sign in or create an account \| [^<]+<\/title>/);
    expect(res.body).toContain('<link rel="canonical" href="https://harbor.example/register" />');
    expect(rootOf(res.body)).toContain('data-testid="sign-in-form"');
    expect(stateOf(res.body).site).toBe(false);
    // Its own modules are preloaded when the visitor interacts, not the site's blocks.
    const preload = /data-preload="([^"]*)"/.exec(res.body)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(preload).some((f: string) => /register-page/.test(f))).toBe(true);
    expect(
      JSON.parse(/data-preload="([^"]*)"/.exec((await t.app.inject('/')).body)![1]!.replace(/&quot;/g, '"')).some(
        (f: string) => /register-page/.test(f),
      ),
    ).toBe(false);
    // A tab and a referral code are the address alone; a social sign-in's outcome or link step is the browser's.
    const create = await t.app.inject('/register?tab=create&ref=FRIEND1');
    expect(rootOf(create.body)).toContain('data-testid="create-account-form"');
    expect(rootOf(create.body)).toContain('FRIEND1');
    for (const url of ['/register?social=link', '/register?step=verify-phone', '/register?tab=create&social=x']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const signedIn = await customer.get('/register');
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain('tp-prerender');
  });

  it('keeps a rendered page for the next visitors, and renders it anew once an editor publishes', async () => {
    const id = await publishContent(admin, 'pages', pageInput('kept', 'Kept page'));
    const first = await t.app.inject('/p/kept');
    expect(rootOf(first.body)).toContain('Kept page');
    const again = await t.app.inject('/p/kept');
    expect(rootOf(again.body)).toBe(rootOf(first.body));
    // Compressed once per rendered page, not per visitor: every encoding holds the same page.
    const brotli = async () => {
      const res = await t.app.inject({ url: '/p/kept', headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding']).toBe('br');
      return zlib.brotliDecompressSync(res.rawPayload).toString();
    };
    expect(await brotli()).toBe(first.body);
    const gzipped = await t.app.inject({ url: '/p/kept', headers: { 'accept-encoding': 'gzip' } });
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    const phone = await t.app.inject({ url: '/p/kept', headers: { 'user-agent': PHONE_UA } });
    expect(stateOf(phone.body).phone).toBe(true);
    expect(stateOf(again.body).phone).toBe(false);

    expect(
      (await admin.put(`/api/v1/admin/site/pages/${id}`, { data: pageInput('kept', 'Edited page') })).statusCode,
    ).toBe(200);
    // A draft changes nothing a visitor gets; the publish does, on the very next visit.
    expect(rootOf((await t.app.inject('/p/kept')).body)).toContain('Kept page');
    expect((await admin.post(`/api/v1/admin/site/pages/${id}/publish`)).statusCode).toBe(200);
    const edited = rootOf((await t.app.inject('/p/kept')).body);
    expect(edited).toContain('Edited page');
    expect(edited).not.toContain('Kept page');
    expect(rootOf(await brotli())).toBe(edited);
  });

  it('asks its keeper for a page by address, device and language, and never for an address with a query', async () => {
    const keys: string[] = [];
    const renderer = await loadPrerender(t.app, webDist!, 'https://harbor.example', t.app.log, {
      keep: (key, render) => {
        keys.push(key);
        return render();
      },
    });
    await renderer!.prerender('/p/kept', undefined, 'en');
    await renderer!.prerender('/p/kept', PHONE_UA, 'en');
    const spanish = await renderer!.prerender('/p/kept', undefined, 'es');
    const listed = await renderer!.prerender('/list/blog?page=2', undefined, 'en');
    expect(listed?.html).toBeTruthy();
    expect(keys).toEqual(['rendered:en:desk:/p/kept', 'rendered:en:phone:/p/kept', 'rendered:es:desk:/p/kept']);
    // The page's own texts in Spanish (the site's menu button), none of English's.
    expect(spanish?.html).toBeTruthy();
  });

  it('renders a few pages at once and a few a second at most; past that a page goes out unrendered, not kept', async () => {
    const kept = new Map<string, Promise<unknown>>();
    let clock = 0;
    const renderer = (await loadPrerender(t.app, webDist!, 'https://harbor.example', t.app.log, {
      keep: (key, render) => {
        const page = render();
        kept.set(key, page);
        return page;
      },
      maxRenders: 2,
      rendersPerSecond: 3,
      now: () => clock,
    }))!;
    // Six addresses no cache holds, asked for at once (a new query string each: anyone can).
    const pages = await Promise.all(
      Array.from({ length: 6 }, (_, i) => renderer.prerender(`/p/services?v=${i}`, undefined, 'en')),
    );
    expect(pages.filter(Boolean)).toHaveLength(2);
    expect(pages.filter((p) => p === null)).toHaveLength(4);
    // One at a time: the burst (6) had 2 taken; 4 more render, then none until the clock moves on.
    const oneByOne = [];
    for (let i = 0; i < 5; i++) oneByOne.push(await renderer.prerender(`/p/services?w=${i}`, undefined, 'en'));
    expect(oneByOne.map((p) => p !== null)).toEqual([true, true, true, true, false]);
    // Refused, a kept address is not held unrendered: the promise kept for it failed, so the cache drops it.
    expect(await renderer.prerender('/p/kept', PHONE_UA, 'en')).toBeNull();
    await expect(kept.get('rendered:en:phone:/p/kept')).rejects.toThrow();
    clock += 1000; // three more a second
    expect(await renderer.prerender('/p/kept', PHONE_UA, 'en')).not.toBeNull();
    // An address the web app does not render (a social sign-in's step) spends none of them.
    for (let i = 0; i < 5; i++)
      expect(await renderer.prerender(`/register?social=link&n=${i}`, undefined, 'en')).toBeNull();
    expect(await renderer.prerender('/p/services?after-refused', undefined, 'en')).not.toBeNull();
  });

  it("reaches the API only to read, and only as anyone: no write, no one's session", async () => {
    const api = inProcessApi(t.app);
    const before = (await admin.get('/api/v1/admin/site/submissions')).json();
    const post = await api('/api/v1/contact-enquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renderer', email: 'r@example.com', subject: 'Hi', message: 'Hello there' }),
    });
    expect(post.status).toBe(405);
    expect((await admin.get('/api/v1/admin/site/submissions')).json()).toEqual(before);
    // A cookie or authorization header handed to it goes nowhere: the session route sees no one.
    const cookie = [...customer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const session = await api('/api/v1/auth/session', { headers: { cookie, authorization: 'Bearer x' } });
    expect(session.status).toBe(401);
    expect((await customer.get('/api/v1/auth/session')).statusCode).toBe(200);
  });
});
