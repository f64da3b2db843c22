import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEnquiries, formSubmissions, notifications } from '../platform/db/schema.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { formInput, pageInput, settingsInput } from './site.fixtures.ts';

let t: TestApp;
let admin: Agent;
let adminId: string;
let customer: Agent;
let preparer: Agent;
let preparerId: string;
let care: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createStaff(t, 'Admin');
  adminId = a.id;
  admin = await signIn(t, a.email);
  customer = await signIn(t, (await createCustomer(t)).email);
  const p = await createStaff(t, 'Tax Preparer');
  preparerId = p.id;
  preparer = await signIn(t, p.email);
  care = await signIn(t, (await createStaff(t, 'Customer Care Department')).email);
}, 120_000);
afterAll(async () => t.close());

const anon = (url: string) => t.app.inject({ url });
async function createPage(route: string, title?: string) {
  const res = await admin.post('/api/v1/admin/site/pages', { data: pageInput(route, title) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

describe('drafts and publishing', () => {
  it('shows visitors only what is published: a draft is 404, later edits wait for the next publish', async () => {
    const { id } = await createPage('tax-planning', 'Tax planning');
    expect((await anon('/api/v1/pages/tax-planning')).statusCode).toBe(404);

    const published = await admin.post(`/api/v1/admin/site/pages/${id}/publish`);
    expect(published.json().status).toBe('published');
    const page = await anon('/api/v1/pages/tax-planning');
    expect(page.statusCode).toBe(200);
    expect(page.json().title.en).toBe('Tax planning');

    const edited = await admin.put(`/api/v1/admin/site/pages/${id}`, {
      data: pageInput('tax-planning', 'Planning 2.0'),
    });
    expect(edited.json().status).toBe('changed');
    expect((await anon('/api/v1/pages/tax-planning')).json().title.en).toBe('Tax planning');

    await admin.post(`/api/v1/admin/site/pages/${id}/unpublish`);
    expect((await anon('/api/v1/pages/tax-planning')).statusCode).toBe(404);
  });

  it('restores any earlier revision as the draft', async () => {
    const { id } = await createPage('restore-me', 'First title');
    await admin.put(`/api/v1/admin/site/pages/${id}`, { data: pageInput('restore-me', 'Second title') });
    await admin.put(`/api/v1/admin/site/pages/${id}`, { data: pageInput('restore-me', 'Third title') });
    const revisions = (await admin.get(`/api/v1/admin/site/pages/${id}/revisions`)).json().items as {
      id: string;
      data: { title: { en: string } };
    }[];
    expect(revisions.map((r) => r.data.title.en)).toEqual(['Third title', 'Second title', 'First title']);
    const restored = await admin.post(`/api/v1/admin/site/pages/${id}/revisions/${revisions[2]!.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().draft.title.en).toBe('First title');
    const after = (await admin.get(`/api/v1/admin/site/pages/${id}/revisions`)).json().items;
    expect(after[0].action).toBe('restored');
    expect((await admin.post(`/api/v1/admin/site/pages/${id}/revisions/nope/restore`)).statusCode).toBe(404);
  });

  it('serves the home page’s mobile variant to app=mobile, and the web one otherwise', async () => {
    const web = await createPage('home', 'Welcome');
    const mobile = await admin.post('/api/v1/admin/site/pages', {
      data: pageInput('home', 'Welcome on your phone', { variant: 'mobile' }),
    });
    expect(mobile.statusCode, mobile.body).toBe(201);
    await admin.post(`/api/v1/admin/site/pages/${web.id}/publish`);
    expect((await anon('/api/v1/pages/home?app=mobile')).json().title.en).toBe('Welcome');
    await admin.post(`/api/v1/admin/site/pages/${mobile.json().id}/publish`);
    expect((await anon('/api/v1/pages/home?app=mobile')).json().title.en).toBe('Welcome on your phone');
    expect((await anon('/api/v1/pages/home')).json().title.en).toBe('Welcome');
    const bad = await admin.post('/api/v1/admin/site/pages', {
      data: pageInput('about-us', 'x', { variant: 'mobile' }),
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a second page at the same route with 409', async () => {
    await createPage('unique-route');
    const again = await admin.post('/api/v1/admin/site/pages', { data: pageInput('unique-route') });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].field).toBe('data.route');
  });
});

describe('who may edit', () => {
  const editorRoutes = () =>
    t.routes.filter(
      (r) =>
        r.url.startsWith('/api/v1/admin/site') &&
        r.method !== 'HEAD' &&
        !r.url.includes('/enquiries') &&
        !r.url.includes('/submissions'),
    );

  it('refuses customers and staff without the permission on every editor endpoint', async () => {
    const routes = editorRoutes();
    expect(routes.length).toBeGreaterThan(60);
    for (const who of [customer, preparer, care]) {
      for (const r of routes) {
        const url = r.url.replace(/:(\w+)/g, 'x');
        const res = await who.request({
          method: r.method as 'GET',
          url,
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      }
    }
  });

  it('refuses customers the inbox', async () => {
    for (const url of [
      '/api/v1/admin/site/enquiries',
      '/api/v1/admin/site/enquiries/x',
      '/api/v1/admin/site/forms/x/submissions',
    ])
      expect((await customer.get(url)).statusCode, url).toBe(403);
    expect((await customer.post('/api/v1/admin/site/enquiries/x/handled')).statusCode).toBe(403);
  });

  it('lets a staff member an Admin made a site editor edit, until it is taken away', async () => {
    expect((await preparer.get('/api/v1/admin/site/pages')).statusCode).toBe(403);
    expect((await preparer.post('/api/v1/admin/site/editors', { user_id: preparerId })).statusCode).toBe(403);
    const granted = await admin.post('/api/v1/admin/site/editors', { user_id: preparerId });
    expect(granted.statusCode, granted.body).toBe(201);
    expect((await preparer.get('/api/v1/admin/site/pages')).statusCode).toBe(200);
    // Editing the site does not make one an Admin.
    expect((await preparer.get('/api/v1/admin/site/editors')).statusCode).toBe(403);
    expect((await admin.delete(`/api/v1/admin/site/editors/${preparerId}`)).statusCode).toBe(204);
    expect((await preparer.get('/api/v1/admin/site/pages')).statusCode).toBe(403);
    const customerId = (await createCustomer(t)).id;
    expect((await admin.post('/api/v1/admin/site/editors', { user_id: customerId })).statusCode).toBe(422);
  });
});

describe('validation', () => {
  it('checks every block by its schema and names the field (422)', async () => {
    const cases: [unknown, string][] = [
      [{ id: 'h', type: 'hero', text: { en: '' } }, 'data.blocks.0.heading'],
      [{ id: 'p', type: 'pricing_plans', heading: { en: '' }, plans: [] }, 'data.blocks.0.plans'],
      [
        { id: 'f', type: 'faq', heading: { en: '' }, items: [{ answer: { en: 'a' } }] },
        'data.blocks.0.items.0.question',
      ],
      [
        {
          id: 'c',
          type: 'cta',
          heading: { en: 'Go' },
          text: { en: '' },
          button: { label: { en: 'x' }, href: 'javascript:alert(1)' },
        },
        'data.blocks.0.button.href',
      ],
      [
        { id: 'i', type: 'image', image: { src: 'data:image/png;base64,AAAA', alt: { en: '' } } },
        'data.blocks.0.image.src',
      ],
      [{ id: 'x', type: 'marquee' }, 'data.blocks.0.type'],
    ];
    for (const [block, field] of cases) {
      const res = await admin.post('/api/v1/admin/site/pages', {
        data: pageInput('invalid', 'x', { blocks: [block as never] }),
      });
      expect(res.statusCode, JSON.stringify(block)).toBe(422);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (await admin.get('/api/v1/admin/site/pages')).json().items.some((p: { key: string }) => p.key === 'invalid'),
    ).toBe(false);
  });

  it('checks a web form definition (a select needs options)', async () => {
    const form = formInput('bad-form');
    form.fields[2]!.options = [];
    const res = await admin.post('/api/v1/admin/site/forms', { data: form });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toMatch(/fields\.2\.options/);
  });
});

describe('stored XSS', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
  ].join('');

  it('neutralises script in every text and rich text field, on every read', async () => {
    const data = pageInput('xss', 'Safe');
    data.title = { en: `Safe${attacks}` };
    data.description = { en: attacks };
    data.blocks = [
      { id: 'a', type: 'hero', heading: { en: `Hi${attacks}` }, text: { en: attacks } },
      {
        id: 'b',
        type: 'rich_text',
        html: {
          en: `<p onclick="steal()">ok <a href="javascript:alert(1)">bad</a> <a href="https://good.example" target="_blank">good</a> <img src="data:image/png;base64,AAAA"> <img src="https://img.example/a.png" onerror="x()"> <img src="x" onerror="y()"> <img src="/media/a.png" onerror="z()"></p>${attacks}`,
          es: `<p>hola</p>${attacks}`,
        },
      },
      {
        id: 'c',
        type: 'faq',
        heading: { en: '' },
        items: [{ question: { en: `Q${attacks}` }, answer: { en: attacks } }],
      },
    ];
    const created = await admin.post('/api/v1/admin/site/pages', { data });
    expect(created.statusCode, created.body).toBe(201);
    await admin.post(`/api/v1/admin/site/pages/${created.json().id}/publish`);
    const reads = [
      created.body,
      (await admin.get(`/api/v1/admin/site/pages/${created.json().id}`)).body,
      (await admin.get(`/api/v1/admin/site/pages/${created.json().id}/revisions`)).body,
      (await anon('/api/v1/pages/xss')).body,
    ];
    for (const body of reads) {
      expect(body).not.toMatch(/<script|<svg|<iframe|onerror|onload|onclick|javascript:|data:image/i);
    }
    // Plain text keeps no markup, not even escaped; in rich text an escaped tag is only text.
    const plain = (await anon('/api/v1/pages/xss')).json();
    for (const text of [
      plain.description.en,
      plain.blocks[0].heading.en,
      plain.blocks[0].text.en,
      plain.blocks[2].items[0].question.en,
    ])
      expect(text).not.toMatch(/script|&lt;|</);
    const page = (await anon('/api/v1/pages/xss')).json();
    expect(page.title.en).toBe('Safe');
    const html = page.blocks[1].html.en as string;
    expect(html).toContain('<a href="https://good.example" target="_blank" rel="noopener noreferrer">good</a>');
    // Images from this site only (the pages load no other: img-src 'self'); one whose address leads nowhere is dropped.
    expect(html).not.toContain('img.example');
    expect(html).not.toContain('src="x"');
    expect(html).toContain('<img src="/media/a.png" />');
    expect(page.blocks[1].html.es).toMatch(/^<p>hola<\/p>/);
  });

  it('refuses unsafe link and image addresses in settings', async () => {
    const res = await admin.put('/api/v1/admin/site/settings', {
      data: { ...settingsInput(), header_menu: [{ label: { en: 'x' }, href: 'javascript:alert(1)', children: [] }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].field).toBe('data.header_menu.0.href');
    const logo = await admin.put('/api/v1/admin/site/settings', {
      data: { ...settingsInput(), logo: { src: '//evil.example/x.png', alt: { en: '' } } },
    });
    expect(logo.statusCode).toBe(422);
    // Another server's image, even over https: the pages would not load it (img-src 'self'), so it is refused.
    const external = await admin.put('/api/v1/admin/site/settings', {
      data: { ...settingsInput(), logo: { src: 'https://img.example/logo.png', alt: { en: '' } } },
    });
    expect(external.statusCode).toBe(422);
    expect(external.json().errors[0]).toEqual({
      field: 'data.logo.src',
      message: 'Upload the image to the media library, or use a path on this site (/…)',
    });
  });
});

describe('website settings', () => {
  it('publishes the settings and serves them with an ETag (304 when unchanged)', async () => {
    const saved = await admin.put('/api/v1/admin/site/settings', { data: settingsInput() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draft.firm_name).toBe('Harbor Tax Co');
    expect(saved.json().draft.tagline.en).toBe('Tax preparation & planning');
    const before = await anon('/api/v1/site');
    expect(before.json().settings.firm_name).toBe('Tax Portal');
    await admin.post('/api/v1/admin/site/settings/publish');
    const site = await anon('/api/v1/site');
    expect(site.json().settings.firm_name).toBe('Harbor Tax Co');
    const etag = site.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/v1/site', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves pages from the published-content cache, yet shows a publish at once; 304 when unchanged', async () => {
    const route = `cached-${Date.now()}`;
    const { id } = await createPage(route, 'First title');
    await admin.post(`/api/v1/admin/site/pages/${id}/publish`);
    const first = await anon(`/api/v1/pages/${route}`);
    expect(first.json().title.en).toBe('First title');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const same = await t.app.inject({ url: `/api/v1/pages/${route}`, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    await admin.put(`/api/v1/admin/site/pages/${id}`, { data: pageInput(route, 'Second title') });
    await admin.post(`/api/v1/admin/site/pages/${id}/publish`);
    const after = await t.app.inject({ url: `/api/v1/pages/${route}`, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().title.en).toBe('Second title');
    await admin.post(`/api/v1/admin/site/pages/${id}/unpublish`);
    expect((await anon(`/api/v1/pages/${route}`)).statusCode).toBe(404);
  });

  it('keeps at most two menu levels', async () => {
    const deep = settingsInput();
    (deep.header_menu[0]!.children[0] as Record<string, unknown>).children = [{ label: { en: 'x' }, href: '/x' }];
    const saved = await admin.put('/api/v1/admin/site/settings', { data: deep });
    // A third level is not part of the schema: it is dropped, never stored.
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.header_menu[0].children[0].children).toBeUndefined();
  });
});

describe('contact form', () => {
  const enquiry = (over: Record<string, unknown> = {}) => ({
    name: 'Dana Visitor',
    email: 'dana@visitor.example',
    message: 'Can you help with my <script>x</script>return?',
    started_at: Date.now() - 10_000,
    ...over,
  });
  const count = async () => (await t.database.db.select().from(contactEnquiries)).length;

  it('stores an enquiry, notifies staff, and lets staff read it and mark it handled', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact-enquiries', payload: enquiry() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'Success', message: 'Submitted successfully...!' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.user_id, adminId));
    expect(notes.some((n) => n.kind === 'enquiry' && n.title.includes('Dana Visitor'))).toBe(true);
    const list = (await care.get('/api/v1/admin/site/enquiries?status=new')).json().items;
    expect(list[0].message).toBe('Can you help with my return?');
    const handled = await preparer.post(`/api/v1/admin/site/enquiries/${list[0].id}/handled`);
    expect(handled.json().status).toBe('handled');
    expect(handled.json().handled_by_name).toBe('Test Tax Preparer');
  });

  it('keeps nothing from a filled honeypot or a form sent too fast', async () => {
    const before = await count();
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-enquiries',
      payload: enquiry({ website: 'http://spam' }),
    });
    expect(bot.statusCode).toBe(201);
    const fast = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact-enquiries',
      payload: enquiry({ started_at: Date.now() }),
    });
    expect(fast.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('limits how many a visitor can send a minute', async () => {
    const send = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/contact-enquiries', payload: enquiry(), remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await send('203.0.113.9')).statusCode).toBe(201);
    const limited = await send('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/problem\+json/);
    expect((await send('203.0.113.10')).statusCode).toBe(201);
  });
});

describe('web forms', () => {
  let formId: string;
  beforeAll(async () => {
    const res = await admin.post('/api/v1/admin/site/forms', { data: formInput('apply') });
    expect(res.statusCode, res.body).toBe(201);
    formId = res.json().id;
    await admin.post(`/api/v1/admin/site/forms/${formId}/publish`);
  });
  const submit = (values: Record<string, unknown>, rows: unknown[] = []) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/forms/apply/submissions',
      payload: { values, rows, started_at: Date.now() - 10_000 },
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 200)}`,
    });
  const good = { full_name: 'Sam Seeker', email: 'sam@seeker.example', season: '2027' };

  it('refuses a submission that breaks the definition, storing nothing', async () => {
    const cases: [Record<string, unknown>, unknown[], string][] = [
      [{ ...good, full_name: '' }, [], 'values.full_name'],
      [{ ...good, email: 'not-an-email' }, [], 'values.email'],
      [{ ...good, season: '1999' }, [], 'values.season'],
      [{ ...good, extra: 'x' }, [], 'values.extra'],
      [good, [{ employer: '' }], 'rows.0.employer'],
    ];
    for (const [values, rows, field] of cases) {
      const res = await submit(values, rows);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[0].field).toBe(field);
    }
    expect((await t.database.db.select().from(formSubmissions)).length).toBe(0);
  });

  it('stores a valid submission with two child rows, for staff to read', async () => {
    const res = await submit(good, [{ employer: 'Acme' }, { employer: 'Globex' }]);
    expect(res.statusCode, res.body).toBe(201);
    const subs = (await care.get(`/api/v1/admin/site/forms/${formId}/submissions`)).json().items;
    expect(subs).toHaveLength(1);
    expect(subs[0].rows).toEqual([{ employer: 'Acme' }, { employer: 'Globex' }]);
    expect((await anon('/api/v1/forms/nope')).statusCode).toBe(404);
  });
});

describe('sitemap and robots', () => {
  it('lists published routes only', async () => {
    const draft = await createPage('still-a-draft');
    expect(draft.id).toBeTruthy();
    const live = await createPage('live-page');
    await admin.post(`/api/v1/admin/site/pages/${live.id}/publish`);
    const res = await anon('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.body).toContain('<loc>http://portal.test/p/live-page</loc>');
    expect(res.body).toContain('<loc>http://portal.test/</loc>');
    expect(res.body).not.toContain('still-a-draft');
    expect(res.body).not.toContain('tax-planning');
    const robots = await anon('/robots.txt');
    expect(robots.body).toContain('Sitemap: http://portal.test/sitemap.xml');
  });
});
