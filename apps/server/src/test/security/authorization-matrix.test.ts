import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.ts';
import { listenOnce } from '../sse.ts';
import { multipart } from '../upload-fixtures.ts';
import { KNOWN_GAPS, MATRIX, type Call, type Row } from './authorization-matrix.ts';
import { HOUSEHOLD_VISIBILITY, householdWorld, type HouseholdWorld } from './household-calls.ts';
import {
  buildWorld,
  nextIp,
  PRINCIPALS,
  SITE_KINDS,
  tokenOf,
  type Caller,
  type Principal,
  type World,
} from './authorization-world.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.DATA_DIR, { recursive: true, force: true });
});

/** The app's own route list, as route.test.ts reads it: every API route but the docs. */
const served = () =>
  t.routes
    .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
    .filter((r) => r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url}`);

function urlOf(route: string, call: Call): string {
  const path = route.slice(route.indexOf(' ') + 1).replace(/:(\w+)/g, (_m, name: string) => {
    const v = call.params?.[name];
    if (v === undefined) throw new Error(`${route}: the matrix's call gives no value for :${name}`);
    return encodeURIComponent(String(v));
  });
  const query = call.query && Object.keys(call.query).length ? `?${new URLSearchParams(call.query).toString()}` : '';
  return path + query;
}

/** One call as `caller`; `csrf: false` drops the session's CSRF header. Returns the status and the body. */
async function send(route: string, call: Call, caller: Caller, opts: { csrf?: boolean } = {}) {
  const method = route.slice(0, route.indexOf(' '));
  const url = urlOf(route, call);
  const headers = caller.headers(method, opts);
  if (call.stream) {
    const controller = new AbortController();
    const res = await fetch(`${await listenOnce(t)}${url}`, { headers, signal: controller.signal });
    controller.abort();
    return { status: res.status, body: '' };
  }
  const inject: InjectOptions = { method: method as 'GET', url, headers, remoteAddress: nextIp() };
  if (call.form) {
    const form = multipart(call.form.fields, call.form.file ? [call.form.file] : []);
    inject.payload = form.payload;
    inject.headers = { ...headers, ...form.headers };
  } else if (call.body !== undefined) {
    inject.payload = call.body as object;
  } else if (method !== 'GET' && method !== 'DELETE') {
    inject.payload = {};
  }
  const res = await t.app.inject(inject);
  return { status: res.statusCode, body: res.body };
}

const detailOf = (body: string) => {
  try {
    const j = JSON.parse(body) as { detail?: string; errors?: unknown };
    return j.detail ? ` (${j.detail}${j.errors ? ` ${JSON.stringify(j.errors)}` : ''})` : '';
  } catch {
    return '';
  }
};

/**
 * Refusals that depend on what the caller has rather than who they are, so the route reads the request first: a
 * well-formed call from the same role can succeed.
 */
const REFUSED_AFTER_READING: Record<string, string> = {
  ...Object.fromEntries(
    (['admin', 'care', 'preparer', 'reviewer'] as const).map((p) => [
      `POST /api/v1/auth/mfa/disable × ${p}`,
      'staff keep one second factor: one with a passkey may turn the app off',
    ]),
  ),
  'POST /api/v1/tickets × other': 'a customer opens tickets for themselves: the body says for whom',
};

/** What another customer must never see in an answer: the owner's objects and address. */
const ownersMarks = () => [w.ticket.id, w.ticket.name, w.document, w.invoice, w.callers.owner.email!];

describe('the authorization matrix', () => {
  it('has exactly one line per served API route', () => {
    const routes = served();
    const missing = routes.filter((r) => !(r in MATRIX));
    const gone = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    // missing: served routes with no line in authorization-matrix.ts; gone: lines for routes no longer served.
    expect({ missing, gone }).toEqual({ missing: [], gone: [] });
    for (const gap of Object.keys(KNOWN_GAPS)) expect(Object.keys(MATRIX)).toContain(gap.split(' × ')[0]);
  });

  it('refuses a read-only API token every method but GET, on every route (docs/decisions/0011)', async () => {
    const { key, secret } = await tokenOf(w.agents.admin, 'read only', 'read');
    const authorization = `token ${key}:${secret}`;
    const session = await t.app.inject({ url: '/api/v1/auth/session', headers: { authorization } });
    expect(session.statusCode).toBe(200);
    const wrong: string[] = [];
    for (const route of Object.keys(MATRIX).filter((r) => !r.startsWith('GET '))) {
      const [method, path] = route.split(' ') as [string, string];
      // The scope is checked with the credentials, before the route reads anything: any id will do.
      const url = path.replace(/:\w+/g, 'x');
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { authorization },
        payload: {},
        remoteAddress: nextIp(),
      });
      if (res.statusCode !== 403) wrong.push(`${route} × read token: expected 403, got ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('shows no draft of the public site to anyone, editors included', async () => {
    const publicUrl: Record<(typeof SITE_KINDS)[number], ((slug: string) => string) | null> = {
      pages: (slug) => `/api/v1/pages/${slug}`,
      posts: (slug) => `/api/v1/blog/${slug}`,
      categories: null,
      galleries: (slug) => `/api/v1/galleries/${slug}`,
      events: (slug) => `/api/v1/site/events/${slug}`,
      jobs: (slug) => `/api/v1/jobs/${slug}`,
      forms: (slug) => `/api/v1/forms/${slug}`,
    };
    const wrong: string[] = [];
    for (const kind of SITE_KINDS) {
      const urlOfDraft = publicUrl[kind];
      if (!urlOfDraft) continue;
      const url = urlOfDraft(w.site.drafts[kind].slug);
      for (const p of ['anon', 'owner', 'admin'] as const) {
        const res = await t.app.inject({ url, headers: w.callers[p].headers('GET'), remoteAddress: nextIp() });
        if (res.statusCode !== 404) wrong.push(`GET ${url} (a draft) × ${p}: expected 404, got ${res.statusCode}`);
      }
    }
    const lists = [
      '/api/v1/blog',
      '/api/v1/blog/categories',
      '/api/v1/galleries',
      '/api/v1/site/events',
      '/api/v1/jobs',
    ];
    for (const url of lists) {
      const res = await t.app.inject({ url: `${url}?limit=250`, remoteAddress: nextIp() });
      const leaked = SITE_KINDS.map((k) => w.site.drafts[k].slug).filter((slug) => res.body.includes(slug));
      if (leaked.length) wrong.push(`GET ${url} lists drafts ${leaked.join(', ')}`);
    }
    const submit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${w.site.drafts.forms.slug}/submissions`,
      payload: { values: {}, rows: [], started_at: Date.now() - 10_000 },
      remoteAddress: nextIp(),
    });
    if (submit.statusCode !== 404)
      wrong.push(`POST a draft form's submissions: expected 404, got ${submit.statusCode}`);
    expect(wrong).toEqual([]);
  });

  describe.each(Object.entries(MATRIX))('%s', (route, row: Row) => {
    // One row's objects: a refused call leaves its object as it was, so the next principal may reuse it; a call
    // that went through may have used it up, so the next one gets a fresh one. Fresh callers last the row.
    const made = new Map<string, Promise<unknown>>();
    const fresh = new Proxy({} as World['fresh'], {
      get:
        (_target, key: keyof World['fresh']) =>
        (...args: unknown[]) => {
          const k = `${key}(${JSON.stringify(args)})`;
          if (!made.has(k)) made.set(k, (w.fresh[key] as (...a: unknown[]) => Promise<unknown>)(...args));
          return made.get(k);
        },
    });
    let rowCallers: Promise<World['callers']> | null = null;
    const callersOf = () => {
      if (!row.freshCallers) return Promise.resolve(w.callers);
      rowCallers ??= w.fresh.callers();
      return rowCallers;
    };
    const callAs = async (p: Principal) => {
      const callers = await callersOf();
      const call = row.call ? await row.call({ ...w, callers, fresh }, p) : {};
      return { call, caller: callers[p] };
    };
    const usedUp = (status: number) => {
      if (status < 300) made.clear();
    };

    if (!route.startsWith('GET ')) {
      it('refuses a browser session that sends no CSRF header', async () => {
        // The first signed-in principal the matrix lets through (so the refusal is the CSRF check's alone), or the
        // owner where nobody gets through (public routes answering 4xx to a bad body): CSRF is checked first.
        const p =
          (['owner', 'admin', 'care', 'preparer', 'reviewer', 'other'] as const).find((x) => row.expect[x] < 300) ??
          'owner';
        const { call, caller } = await callAs(p);
        const got = await send(route, call, caller, { csrf: false });
        usedUp(got.status);
        expect(`${route} × ${p} without CSRF: ${got.status}`).toBe(`${route} × ${p} without CSRF: 403`);
        expect(JSON.parse(got.body).type).toMatch(/\/csrf$/);
      });
    }

    it('answers each principal as the matrix says', async () => {
      const wrong: string[] = [];
      for (const p of PRINCIPALS as readonly Principal[]) {
        const { call, caller } = await callAs(p);
        const got = await send(route, call, caller);
        usedUp(got.status);
        const expected = row.expect[p];
        const gap = KNOWN_GAPS[`${route} × ${p}`];
        if (gap) {
          if (got.status === expected)
            wrong.push(`${route} × ${p}: known gap closed (${gap}); remove it from KNOWN_GAPS`);
          continue;
        }
        if (got.status !== expected) {
          wrong.push(`${route} × ${p}: expected ${expected}, got ${got.status}${detailOf(got.body)}`);
        } else if (p === 'other' && got.status < 300) {
          const leaked = ownersMarks().filter((m) => got.body.includes(m));
          if (leaked.length) wrong.push(`${route} × other: the answer carries the owner's ${leaked.join(', ')}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    // A caller the row refuses (401, 403) is refused before the route reads anything: the same answer with no
    // body, no query and ids that name nothing, so that a malformed request tells them nothing either (a 422 would
    // describe the body's shape to someone who may not call the route at all). Public routes read the request
    // first by nature (a sign-in's 401 is about the password it carries), as do the refusals that depend on what
    // the caller has (REFUSED_AFTER_READING).
    const isPublic = () => t.routes.some((x) => `${x.method} ${x.url}` === route && x.isPublic);
    const refused = (PRINCIPALS as readonly Principal[]).filter(
      (p) => [401, 403].includes(row.expect[p]) && !REFUSED_AFTER_READING[`${route} × ${p}`],
    );
    if (refused.length > 0) {
      it('refuses a caller without the right before reading the body, query or ids', async () => {
        const wrong: string[] = [];
        for (const p of isPublic() ? [] : refused) {
          const { call, caller } = await callAs(p);
          const nothing = Object.fromEntries(Object.keys(call.params ?? {}).map((k) => [k, 'x']));
          for (const bare of [{ params: call.params ?? {} }, { params: nothing }] as Call[]) {
            const got = await send(route, { ...bare, ...(call.stream ? { stream: true } : {}) }, caller);
            usedUp(got.status);
            if (got.status !== row.expect[p])
              wrong.push(
                `${route} × ${p} with ${bare.params === nothing ? 'no ids, ' : ''}no body or query: expected ${row.expect[p]}, got ${got.status}${detailOf(got.body)}`,
              );
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });
});

/**
 * The household's visibility rules (docs/decisions/0032): the owner's spouse reads and acts on the joint return as
 * the owner does, and gets 404 on the owner's separate return; a member of another household gets 404 on both.
 * Run last: it puts the owner and `other` in households, which the rows above do not expect.
 */
describe('the household’s visibility rules', () => {
  let h: HouseholdWorld;
  beforeAll(async () => {
    h = await householdWorld(w);
  }, 60_000);

  it('has a line for served routes only', () => {
    const routes = served();
    expect(Object.keys(HOUSEHOLD_VISIBILITY).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('shares the joint return, not the separate one, and nothing with another household', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(HOUSEHOLD_VISIBILITY)) {
      const cells = [
        ['spouse on the joint return', h.spouse, h.joint, row.expect.spouseJoint],
        ['spouse on the separate return', h.spouse, h.separate, row.expect.spouseSeparate],
        ['another household on the joint return', h.otherHousehold, h.joint, row.expect.otherJoint],
      ] as const;
      for (const [who, caller, objects, expected] of cells) {
        const got = await send(route, row.call(objects), caller);
        if (got.status !== expected)
          wrong.push(`${route} × ${who}: expected ${expected}, got ${got.status}${detailOf(got.body)}`);
        else if (got.status < 300 && objects === h.joint) {
          const leaked = [h.separate.ticket, h.separate.document, h.separate.invoice].filter((m) =>
            got.body.includes(m),
          );
          if (leaked.length)
            wrong.push(`${route} × ${who}: the answer carries the separate return's ${leaked.join(', ')}`);
        }
      }
    }
    // The lists: the spouse's hold the joint return and none of the owner's separate ones.
    for (const url of ['/api/v1/tickets', '/api/v1/documents', '/api/v1/invoices', '/api/v1/dashboard']) {
      const got = await send(`GET ${url}`, {}, h.spouse);
      if (!got.body.includes(h.joint.ticket) && url === '/api/v1/tickets') wrong.push(`${url}: no joint return`);
      const leaked = [w.ticket.id, w.ticket.name, w.document, w.invoice].filter((m) => got.body.includes(m));
      if (leaked.length) wrong.push(`GET ${url} × spouse: carries the separate return's ${leaked.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});
