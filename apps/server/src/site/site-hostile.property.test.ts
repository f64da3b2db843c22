import fc from 'fast-check';
import { formattingCookieName } from '@taxportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  createCustomer,
  createStaff,
  createTestApp,
  requireWebBuild,
  signIn,
  type TestApp,
} from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { eventInput, formInput, pageInput, publishContent, settingsInput } from './site.fixtures.ts';

/**
 * Issue 28's property: any text, in any field of the site's content, an enquiry, a form's answer, an image's alt text
 * or a customer's name that staff pages render, is either refused with 422 or stored and drawn as text, and every
 * page that shows it is served whole (one document, its state readable, so it hydrates); never a 500.
 *
 * Generated texts mix what broke the site before: replacement patterns (`$&`, `` $` ``, `$'`), control characters
 * and the entities that stand for them, bidi and zero-width characters, surrogate pairs cut at a field's limit,
 * and a sample of XSS payloads. On PGlite and on PostgreSQL (TEST_DATABASE_URL), like every server test.
 */
const PIECES = [
  '$&',
  '$`',
  "$'",
  '$$',
  '$1',
  '$<name>',
  '\u0000',
  '\u0007',
  '\u001b',
  '\n',
  '\r',
  '\u007f',
  '\u0085',
  '&#0;',
  '&#10;',
  '&#27;',
  '&#x1b;',
  '&#x202E;',
  '&#8238;',
  '&#x200B;',
  '&#xFEFF;',
  '&amp;#10;',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200f',
  '\ufeff',
  '😀',
  '\ud83d',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '</script><script>alert(1)</script>',
  '<!--',
  ']]>',
  '{{constructor.constructor("alert(1)")()}}',
  '<b></b>',
  '&lt;script&gt;',
  'Harbor',
  'Tax',
  ' ',
];
/** A surrogate pair that ends exactly past a common limit (100, 120, 300, 500, 5000). */
const AT_LIMIT = [100, 120, 300, 500, 5000].flatMap((n) => [`${'a'.repeat(n - 1)}😀`, `${'a'.repeat(n - 2)}😀`]);
const hostileText = fc.oneof(
  { weight: 5, arbitrary: fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom(...AT_LIMIT) },
);

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
/** Every path to a string in `value`. */
function stringPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]));
  return [];
}
function withValue(value: Json, path: (string | number)[], text: string): Json {
  const copy = structuredClone(value) as Json;
  let at = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, Json>;
  at[path.at(-1)!] = text;
  return copy;
}

let t: TestApp;
let admin: Agent;
let staff: Agent;
// The pages as served need the web build.
const webDist = requireWebBuild();

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  staff = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
  await admin.put('/api/v1/admin/site/settings', { data: settingsInput() });
  await admin.post('/api/v1/admin/site/settings/publish');
  await publishContent(admin, 'pages', pageInput('home', 'Harbor Tax'));
  await publishContent(admin, 'forms', formInput('apply'));
}, 120_000);
afterAll(async () => t.close());

let ip = 0;
const visitor = (url: string) => t.app.inject({ url, remoteAddress: `10.7.${(ip = (ip + 1) % 250)}.9` });

/** The page as served: one document, and (where the server rendered it) a state the app can read to hydrate. */
async function servedWhole(url: string, agent?: Agent) {
  const res = agent ? await agent.get(url) : await visitor(url);
  expect(res.statusCode, `${url}: ${res.statusCode}`).toBeLessThan(500);
  expect(res.body.match(/<!doctype html>/gi)?.length ?? 0, url).toBe(1);
  expect(res.body.match(/<\/html>/gi)?.length ?? 0, url).toBe(1);
  const state = /<script id="tp-prerender" type="application\/json">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  if (state !== undefined) expect(() => JSON.parse(state), url).not.toThrow();
  return res;
}

/** No control, bidi or lone-surrogate character in anything stored and served back. */
const CLEAN = (body: string) =>
  !/(?:\\u00(?:0[0-8b-f]|1[0-9a-f]|7f)|\\u202[a-e]|\\u206[6-9]|\\ud8[0-9a-f]{2}(?!\\ud[c-f]))/i.test(
    JSON.stringify(JSON.parse(body)),
  );

const PAGE = pageInput('every-block', 'Every block', {
  blocks: [
    { id: 'b1', type: 'hero', heading: { en: 'Hi' }, text: { en: 'Text' }, cta: { label: { en: 'Go' }, href: '/' } },
    { id: 'b2', type: 'rich_text', html: { en: '<p>Rich <strong>text</strong></p>' } },
    { id: 'b3', type: 'image', image: { src: '/media/x.png', alt: { en: 'Alt' } }, caption: { en: 'Caption' } },
    { id: 'b4', type: 'services_grid', heading: { en: 'Services' } },
    {
      id: 'b5',
      type: 'pricing_plans',
      heading: { en: 'Plans' },
      plans: [{ name: { en: 'Basic' }, price_cents: 19900, period: 'once', features: [{ en: 'One return' }] }],
    },
    { id: 'b6', type: 'faq', heading: { en: 'FAQ' }, items: [{ question: { en: 'Q?' }, answer: { en: 'A.' } }] },
    {
      id: 'b7',
      type: 'testimonials',
      heading: { en: 'Clients' },
      items: [{ quote: { en: 'Great' }, name: 'Pat', role: { en: 'Owner' } }],
    },
    { id: 'b8', type: 'cta', heading: { en: 'Call' }, text: { en: 'Now' }, button: { label: { en: 'Go' }, href: '/' } },
    { id: 'b9', type: 'latest_posts', heading: { en: 'News' } },
    { id: 'b10', type: 'contact_form', heading: { en: 'Write' }, text: { en: 'To us' } },
    { id: 'b11', type: 'web_form', form: 'apply' },
    { id: 'b12', type: 'business_details', heading: { en: 'Visit' } },
  ],
});

/** Each kind of content: a valid entry, the public API that reads it, and the page that draws it. */
const CONTENT: { kind: string; data: Json; api: string; page: string }[] = [
  { kind: 'pages', data: PAGE as Json, api: '/api/v1/pages/every-block', page: '/p/every-block' },
  {
    kind: 'posts',
    data: { slug: 'a-post', title: { en: 'Post' }, excerpt: { en: 'Ex' }, body: { en: '<p>B</p>' }, author: 'Ann' },
    api: '/api/v1/blog/a-post',
    page: '/detail/a-post',
  },
  {
    kind: 'categories',
    data: { slug: 'news', name: { en: 'News' }, description: { en: 'All news' } },
    api: '/api/v1/blog/categories',
    page: '/list/news',
  },
  {
    kind: 'galleries',
    data: {
      slug: 'office',
      title: { en: 'Office' },
      description: { en: 'Ours' },
      images: [{ src: '/media/a.png', alt: { en: 'Desk' }, caption: { en: 'Our desk' } }],
    },
    api: '/api/v1/galleries/office',
    page: '/gallery-detail/office',
  },
  { kind: 'events', data: eventInput() as Json, api: '/api/v1/site/events/webinar', page: '/events/webinar' },
  {
    kind: 'jobs',
    data: {
      slug: 'preparer',
      title: { en: 'Preparer' },
      summary: { en: 'Season' },
      body: { en: '<p>Join</p>' },
      employment_type: 'SEASONAL',
      location: 'Springfield, IL',
    },
    api: '/api/v1/jobs/preparer',
    page: '/seeker/preparer',
  },
  { kind: 'forms', data: formInput('survey') as Json, api: '/api/v1/forms/survey', page: '/forms/survey' },
];

const RUNS = Number(process.env.SITE_PROPERTY_RUNS ?? 25);

describe('any text in any field of the site is refused or drawn as text; no page breaks', () => {
  it('the settings', { timeout: 120_000 }, async () => {
    const base = settingsInput() as Json;
    const paths = stringPaths(base).filter((p) => p[0] !== 'colors');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), hostileText, async (path, text) => {
        const res = await admin.put('/api/v1/admin/site/settings', { data: withValue(base, path, text) });
        expect([200, 422], `${path.join('.')}=${JSON.stringify(text)}: ${res.body}`).toContain(res.statusCode);
        expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
        const site = await visitor('/api/v1/site');
        expect(site.statusCode).toBe(200);
        expect(CLEAN(site.body)).toBe(true);
        await servedWhole('/');
      }),
      { numRuns: RUNS },
    );
  });

  for (const c of CONTENT) {
    it(`${c.kind}`, { timeout: 180_000 }, async () => {
      const id = await publishContent(admin, c.kind, c.data);
      const paths = stringPaths(c.data);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), hostileText, async (path, text) => {
          const res = await admin.put(`/api/v1/admin/site/${c.kind}/${id}`, { data: withValue(c.data, path, text) });
          expect([200, 409, 422], `${path.join('.')}=${JSON.stringify(text)}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode !== 200) return;
          const published = await admin.post(`/api/v1/admin/site/${c.kind}/${id}/publish`);
          expect([200, 409], published.body).toContain(published.statusCode);
          const editor = await admin.get(`/api/v1/admin/site/${c.kind}/${id}`);
          expect(editor.statusCode).toBe(200);
          expect(CLEAN(editor.body)).toBe(true);
          const read = await visitor(c.api);
          expect(read.statusCode).toBeLessThan(500);
          if (read.statusCode === 200) expect(CLEAN(read.body)).toBe(true);
          await servedWhole(c.page);
          // Back to the valid entry, so the next run starts from a page that is there.
          await admin.put(`/api/v1/admin/site/${c.kind}/${id}`, { data: c.data });
          await admin.post(`/api/v1/admin/site/${c.kind}/${id}/publish`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("enquiries, a form's answers, and an image's alternative text", { timeout: 120_000 }, async () => {
    const upload = await admin.request({
      method: 'POST',
      url: '/api/v1/admin/site/media',
      ...(await import('../test/upload-fixtures.ts').then(async (m) =>
        m.multipart({ alt: 'Logo' }, [{ name: 'l.png', data: await m.png() }]),
      )),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const mediaId = upload.json().id as string;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('name', 'phone', 'subject', 'message'),
        fc.constantFrom('full_name', 'season'),
        hostileText,
        async (field, answer, text) => {
          const enquiry = await t.app.inject({
            method: 'POST',
            url: '/api/v1/contact-enquiries',
            remoteAddress: `10.6.${(ip = (ip + 1) % 250)}.7`,
            payload: {
              name: 'Pat',
              email: 'pat@example.test',
              message: 'Hello',
              ...{ [field]: text },
              started_at: Date.now() - 10_000,
            },
          });
          expect([201, 422], enquiry.body).toContain(enquiry.statusCode);
          const submission = await t.app.inject({
            method: 'POST',
            url: '/api/v1/forms/apply/submissions',
            remoteAddress: `10.5.${(ip = (ip + 1) % 250)}.7`,
            payload: {
              values: { full_name: 'Pat', email: 'pat@example.test', season: '2027', ...{ [answer]: text } },
              rows: [],
              started_at: Date.now() - 10_000,
            },
          });
          expect([201, 422], submission.body).toContain(submission.statusCode);
          const alt = await admin.request({
            method: 'PATCH',
            url: `/api/v1/admin/site/media/${mediaId}`,
            payload: { alt: { en: text } },
          });
          expect([200, 422], alt.body).toContain(alt.statusCode);
          for (const url of [
            '/api/v1/admin/site/enquiries',
            '/api/v1/admin/site/submissions',
            '/api/v1/admin/site/media',
          ]) {
            const res = await admin.get(url);
            expect(res.statusCode, url).toBe(200);
            expect(CLEAN(res.body), url).toBe(true);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("a customer's name, which staff's rendered ticket list draws", { timeout: 120_000 }, async () => {
    // A browser that has told the server its locale and zone gets its ticket list rendered for it (decision 0024).
    staff.cookies.set(formattingCookieName(true), 'en-US|America%2FChicago');
    const first = await servedWhole('/all-tickets', staff);
    expect(first.body).toContain('id="tp-prerender"');
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const c = await createCustomer(t);
        const customer = await signIn(t, c.email);
        const renamed = await customer.request({
          method: 'PATCH',
          url: '/api/v1/profile',
          payload: { full_name: text },
        });
        expect([200, 422], renamed.body).toContain(renamed.statusCode);
        await openTicket(t, customer);
        const page = await servedWhole('/all-tickets', staff);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('id="tp-prerender"');
      }),
      { numRuns: RUNS },
    );
  });
});
