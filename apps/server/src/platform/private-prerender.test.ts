import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formattingCookieName } from '@taxportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { cookiePolicy } from './auth/sessions.ts';
import { inProcessApi } from './prerender.ts';
import { findWebDist } from './web.ts';

// Signed-in pages rendered on the server for the person signed in (platform/prerender.ts, apps/web's
// entry-server.tsx): each page holds only what that person's own browser would have been given, is never kept,
// and anything the renderer cannot vouch for is left to the browser. Needs `npm run build`, as npm test does.
const webDist = findWebDist();
const built = webDist !== null && fs.existsSync(path.join(webDist, '..', 'dist-ssr', 'entry-server.js'));
if (!built && process.env.CI) throw new Error('apps/web is not built: run `npm run build` before this test');

const TOKYO = 'en-GB|Asia%2FTokyo';
/** The name a secure context gives it (contract formattingCookieName), as the browser on the test server's address is. */
const FORMATTING_COOKIE = formattingCookieName(true);
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><script id="tp-prerender"/.exec(html)?.[1] ?? '';
const stateOf = (html: string) =>
  JSON.parse(/<script id="tp-prerender" type="application\/json">(.*?)<\/script>/.exec(html)![1]!) as {
    site: boolean;
    formatting?: { locale: string; timeZone: string; now: number };
  };

let t: TestApp;
let ada: Agent;
let bob: Agent;
let staff: Agent;
let adaTicket: string;
let bobTicket: string;
/** A page as `agent`'s browser asks for it, having told the server its locale and zone (or not: null). */
async function page(agent: Agent, url: string, formatting: string | null = TOKYO) {
  if (formatting === null) agent.cookies.delete(FORMATTING_COOKIE);
  else agent.cookies.set(FORMATTING_COOKIE, formatting);
  try {
    return await agent.get(url);
  } finally {
    agent.cookies.set(FORMATTING_COOKIE, TOKYO);
  }
}

beforeAll(async () => {
  if (!built) return;
  t = await createTestApp({}, { webDist: webDist! });
  ada = await signIn(t, (await createCustomer(t, { full_name: 'Ada Lovelace' })).email);
  bob = await signIn(t, (await createCustomer(t, { full_name: 'Bob Babbage' })).email);
  staff = await signIn(t, (await createStaff(t, 'Admin', { full_name: 'Sam Staff' })).email);
  adaTicket = (await openTicket(t, ada)).name;
  bobTicket = (await openTicket(t, bob)).name;
}, 120_000);
afterAll(async () => t?.close());

describe.skipIf(!built)('signed-in pages rendered on the server', () => {
  it('sends a customer their own list, in their zone, kept by no cache', async () => {
    const res = await page(ada, '/my-tickets');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain(adaTicket);
    expect(root).toContain('Ada Lovelace');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/);
    const state = stateOf(res.body);
    expect(state.site).toBe(false);
    expect(state.formatting).toMatchObject({ locale: 'en-GB', timeZone: 'Asia/Tokyo' });
    expect(Math.abs(state.formatting!.now - Date.now())).toBeLessThan(60_000);
    // Styled at first paint; the app waits for the reader's first interaction, as on the public pages.
    expect(res.body).toMatch(/<style data-prerendered>/);
    expect(res.body).toContain('<script src="/boot.js" defer></script>');
    for (const url of ['/dashboard', `/form/message/${adaTicket}`, '/vault', '/billing']) {
      const other = await page(ada, url);
      expect(rootOf(other.body), url).toContain('Ada Lovelace');
      expect(other.headers['cache-control'], url).toBe('private, no-store');
    }
    expect(rootOf((await page(ada, `/form/message/${adaTicket}`)).body)).toContain(adaTicket);
  });

  it('renders two people at once, each with only their own data', async () => {
    // Two renders at once is the server's most (platform/prerender.ts): one for each, their queries interleaved.
    for (let round = 0; round < 3; round++) {
      const [forAda, forBob] = await Promise.all([page(ada, '/my-tickets'), page(bob, '/my-tickets')]);
      for (const [res, mine, me, theirs, them] of [
        [forAda, adaTicket, 'Ada Lovelace', bobTicket, 'Bob Babbage'],
        [forBob, bobTicket, 'Bob Babbage', adaTicket, 'Ada Lovelace'],
      ] as const) {
        expect(rootOf(res.body)).toContain(mine);
        expect(rootOf(res.body)).toContain(me);
        expect(res.body).not.toContain(theirs);
        expect(res.body).not.toContain(them);
      }
    }
  });

  it("keeps each render's API and zone its own, however their requests interleave", async () => {
    // The renderer itself, with Ada's first request held until Bob's render has begun: with one module-wide
    // transport, Ada's later requests would go out as Bob.
    const entry = path.join(webDist!, '..', 'dist-ssr', 'entry-server.js');
    const mod = (await import(pathToFileURL(entry).href)) as {
      prerender(input: object): Promise<{ html: string; state: { formatting: { timeZone: string } } } | null>;
    };
    const cookieOf = (agent: Agent) => {
      const [name, value] = [...agent.cookies].find(([k]) => k.endsWith('tp_session'))!;
      return `${name}=${value}`;
    };
    let bobStarted!: () => void;
    const bobHasStarted = new Promise<void>((resolve) => (bobStarted = resolve));
    const asAda = inProcessApi(t.app, cookieOf(ada));
    const asBob = inProcessApi(t.app, cookieOf(bob));
    const render = (api: typeof asAda, timeZone: string) =>
      mod.prerender({
        url: '/my-tickets',
        origin: 'http://portal.test',
        phone: false,
        api,
        viewer: { locale: 'en-US', timeZone },
      });
    const [forAda, forBob] = await Promise.all([
      render(async (url, init) => (await bobHasStarted, asAda(url, init)), 'UTC'),
      render(async (url, init) => (bobStarted(), asBob(url, init)), 'Asia/Tokyo'),
    ]);
    expect(forAda!.html).toContain(adaTicket);
    expect(forAda!.html).not.toContain(bobTicket);
    expect(forAda!.state.formatting.timeZone).toBe('UTC');
    expect(forBob!.html).toContain(bobTicket);
    expect(forBob!.html).not.toContain(adaTicket);
    expect(forBob!.state.formatting.timeZone).toBe('Asia/Tokyo');
  });

  it("leaves to the browser what it cannot vouch for: another's ticket, a page not for the role, no zone", async () => {
    // Bob's ticket asked by Ada: the API says 404 to the renderer as to her browser; nothing of it is sent.
    const theirs = await page(ada, `/form/message/${bobTicket}`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).toContain('<div id="root"></div>');
    expect(theirs.body).not.toContain(bobTicket);
    // Staff's list for a customer, and the customer's dashboard for staff (its charts draw in the browser).
    expect((await page(ada, '/all-tickets')).body).toContain('<div id="root"></div>');
    expect((await page(staff, '/dashboard')).body).toContain('<div id="root"></div>');
    // A ticket for staff too: their tools on it are parts drawn once loaded (ui/loaded-part.tsx), never hydrated.
    for (const url of ['/my-tickets', '/vault', '/billing', `/form/message/${adaTicket}`]) {
      expect((await page(staff, url)).body, url).toContain('<div id="root"></div>');
    }
    // Staff still to set up a second factor: the app sends them to /security, the renderer sends nothing.
    const unenrolled = await signIn(t, (await createStaff(t, 'Tax Preparer', { factor: false })).email);
    const refused = await page(unenrolled, '/all-tickets');
    expect(refused.body).toContain('<div id="root"></div>');
    expect(refused.body).not.toContain(adaTicket);
    // A CSRF cookie without a session (one that ended), with a zone: nobody to render for.
    const stale = await t.app.inject({ url: '/my-tickets', cookies: { csrf_token: 'x', [FORMATTING_COOKIE]: TOKYO } });
    expect(stale.body).toContain('<div id="root"></div>');
    const list = await page(staff, '/all-tickets');
    expect(rootOf(list.body)).toContain(adaTicket);
    expect(rootOf(list.body)).toContain(bobTicket);
    // Without `__Host-` (as a sibling subdomain could set it for the parent domain), the cookie is not read by a
    // server whose own cookies are Secure, as this one's are.
    expect(cookiePolicy(t.config).secure).toBe(true);
    const unprefixed = Object.fromEntries([...ada.cookies].filter(([name]) => name !== FORMATTING_COOKIE));
    const tossed = await t.app.inject({ url: '/my-tickets', cookies: { ...unprefixed, tp_fmt: TOKYO } });
    expect(tossed.body).toContain('<div id="root"></div>');
    // A browser that has not said its zone, or says something that is not a locale and a zone.
    for (const cookie of [
      null,
      'en-US|Mars%2FOlympus',
      '%3Cscript%3E|UTC',
      'en-US|UTC|x',
      `${'a'.repeat(300)}|UTC`,
      '%E0%A4%A|UTC',
    ]) {
      const res = await page(ada, '/my-tickets', cookie);
      expect(res.statusCode, String(cookie)).toBe(200);
      expect(res.body, String(cookie)).toContain('<div id="root"></div>');
    }
  });

  it('renders nothing for a session that has ended, nor for a visitor on a signed-in page', async () => {
    const gone = await signIn(t, (await createCustomer(t, { full_name: 'Gone Person' })).email);
    const cookies = new Map(gone.cookies);
    expect((await gone.post('/api/v1/auth/logout')).statusCode).toBeLessThan(300);
    gone.cookies = cookies; // the old cookies, replayed
    const res = await page(gone, '/my-tickets');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('Gone Person');
    for (const url of ['/dashboard', '/my-tickets', '/vault']) {
      const visitor = await t.app.inject({ url, cookies: { [FORMATTING_COOKIE]: TOKYO } });
      expect(visitor.body, url).toContain('<div id="root"></div>');
    }
  });

  it('reaches the API as the reader only to read', async () => {
    const cookie = [...ada.cookies].find(([k]) => k.endsWith('tp_session'))!;
    const api = inProcessApi(t.app, `${cookie[0]}=${cookie[1]}`);
    expect((await api('/api/v1/auth/session', {})).status).toBe(200);
    const post = await api('/api/v1/tickets', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    const before = (await ada.get('/api/v1/tickets')).json() as { items: unknown[] };
    expect(before.items).toHaveLength(1);
  });
});
