import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, rows, rowSchema } from '../platform/db/rows.ts';
import { contactEnquiries } from '../platform/db/schema.ts';
import { type Agent, createStaff, createTestApp, requireWebBuild, signIn, type TestApp } from '../test/helper.ts';
import { multipart, png } from '../test/upload-fixtures.ts';
import { eventInput, formInput, pageInput, publishContent, settingsInput } from './site.fixtures.ts';

/**
 * What an outside tester's attack on the public site and the CMS found (issue 28), one test per finding: text that
 * sanitises to nothing or to a control character, entities that stand for what the text rule refuses, alt texts,
 * editor data the pages cannot draw, addresses that look like paths, and the SEO of what is not (or no longer) there.
 * Each is refused with a 422 naming the field, and nothing is stored; nothing answers 500 before or after.
 */
let t: TestApp;
let admin: Agent;
// The pages as served need the web build.
const webDist = requireWebBuild();

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  await publishContent(admin, 'pages', pageInput('home', 'Harbor Tax'));
}, 120_000);
afterAll(async () => t.close());

const anon = (url: string) => t.app.inject({ url, remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.1` });

const refusedAt = (res: { statusCode: number; json: () => unknown }, field: string) => {
  expect(res.statusCode).toBe(422);
  const errors = (res.json() as { errors?: { field: string }[] }).errors ?? [];
  expect(errors.map((e) => e.field)).toContain(field);
};

describe('text is sanitised, then checked, then stored', () => {
  it('refuses settings whose firm name sanitises to nothing or to a control character; the site keeps answering', async () => {
    for (const firm_name of ['<b></b>', 'Harbor&#10;Tax', '<script>x</script>', 'Harbor&#27;Tax', 'A&#x202E;B']) {
      const res = await admin.put('/api/v1/admin/site/settings', { data: { ...settingsInput(), firm_name } });
      refusedAt(res, 'data.firm_name');
    }
    const ok = await admin.put('/api/v1/admin/site/settings', { data: settingsInput() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().draft.firm_name).toBe('Harbor Tax Co');
    expect((await admin.get('/api/v1/admin/site/settings')).statusCode).toBe(200);
    expect((await admin.post('/api/v1/admin/site/settings/publish')).statusCode).toBe(200);
    const site = await anon('/api/v1/site');
    expect(site.statusCode).toBe(200);
    expect(site.json().settings.firm_name).toBe('Harbor Tax Co');
  });

  it('refuses a page title, CTA heading, form label or option value that sanitises to nothing', async () => {
    refusedAt(
      await admin.post('/api/v1/admin/site/pages', { data: pageInput('scripted', '<script>alert(1)</script>') }),
      'data.title.en',
    );
    const cta = pageInput('cta-page', 'With a CTA', {
      blocks: [
        {
          id: 'c1',
          type: 'cta',
          heading: { en: '<i></i>' },
          text: { en: 'x' },
          button: { label: { en: 'Go' }, href: '/' },
        },
      ],
    });
    refusedAt(await admin.post('/api/v1/admin/site/pages', { data: cta }), 'data.blocks.0.heading.en');
    const form = formInput('hostile-form');
    form.fields[0]!.label = { en: '<img src=x onerror=alert(1)>' };
    refusedAt(await admin.post('/api/v1/admin/site/forms', { data: form }), 'data.fields.0.label.en');
    const options = formInput('hostile-options');
    options.fields[2]!.options[0]!.value = '<b></b>';
    refusedAt(await admin.post('/api/v1/admin/site/forms', { data: options }), 'data.fields.2.options.0.value');
    const [stored] = await rows(
      t.database.db,
      rowSchema({ n: col.int() }),
      sql`select count(*) as n from site_entries where key in ('scripted', 'cta-page', 'hostile-form', 'hostile-options')`,
    );
    expect(stored!.n).toBe(0);
  });

  it('keeps $ patterns as text', async () => {
    const id = await publishContent(admin, 'pages', pageInput('dollars', "Fees $` here $' and $& $$ $1"));
    expect(id).toBeTruthy();
    const page = await anon('/api/v1/pages/dollars');
    expect(page.json().title.en).toBe("Fees $` here $' and $& $$ $1");
  });
});

describe("a media item's alternative text", () => {
  async function upload(alt: string) {
    const form = multipart({ alt }, [{ name: 'logo.png', data: await png() }]);
    return admin.request({ method: 'POST', url: '/api/v1/admin/site/media', ...form });
  }

  it('is refused with a control character, one an entity stands for, or past 500 characters; the library still answers', async () => {
    // Characters are counted as a reader counts them (code points): 499 letters and an emoji are 500, kept whole.
    for (const alt of ['x&#27;y', 'x\u001by', `${'a'.repeat(500)}😀`, 'x&#0;y']) {
      const res = await upload(alt);
      expect(res.statusCode, JSON.stringify(alt)).toBe(422);
      refusedAt(res, 'alt.en');
    }
    const ok = await upload(`${'a'.repeat(499)}😀`);
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().id as string;
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/v1/admin/site/media/${id}`,
      payload: { alt: { en: 'Harbor&#27;logo' } },
    });
    refusedAt(edit, 'alt.en');
    const list = await admin.get('/api/v1/admin/site/media');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((m: { id: string }) => m.id === id).alt.en).toBe(`${'a'.repeat(499)}😀`);
  });
});

describe('editor data the pages cannot draw', () => {
  it('refuses a form with two options of one value, or two fields of one name', async () => {
    const twice = formInput('twice-options');
    twice.fields[2]!.options[1]!.value = twice.fields[2]!.options[0]!.value;
    refusedAt(await admin.post('/api/v1/admin/site/forms', { data: twice }), 'data.fields.2.options');
    const names = formInput('twice-names');
    names.fields[1]!.name = names.fields[0]!.name;
    refusedAt(await admin.post('/api/v1/admin/site/forms', { data: names }), 'data.fields');
  });

  it('refuses an event in a time zone nobody can format a time in, and a page with two blocks of one id', async () => {
    refusedAt(
      await admin.post('/api/v1/admin/site/events', { data: { ...eventInput(), time_zone: 'Mars/Olympus_Mons' } }),
      'data.time_zone',
    );
    const twice = pageInput('twice-blocks', 'Twice');
    twice.blocks![1]!.id = twice.blocks![0]!.id;
    refusedAt(await admin.post('/api/v1/admin/site/pages', { data: twice }), 'data.blocks');
  });

  // An outside tester's findings.
  it('refuses an event that ends before it starts, spells its zone as Intl does, and takes block ids as names', async () => {
    const backwards = { ...eventInput(), starts_at: '2027-03-01T10:00:00Z', ends_at: '2027-02-01T10:00:00Z' };
    refusedAt(await admin.post('/api/v1/admin/site/events', { data: backwards }), 'data.ends_at');
    const lower = await admin.post('/api/v1/admin/site/events', {
      data: { ...eventInput(), slug: 'lower-zone', time_zone: 'america/new_york' },
    });
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().draft.time_zone).toBe('America/New_York');
    for (const id of ['"><script>', 'b1\u200B', 'a b']) {
      const page = pageInput(`odd-id-${id.length}`, 'Odd id');
      page.blocks![0]!.id = id;
      refusedAt(await admin.post('/api/v1/admin/site/pages', { data: page }), 'data.blocks.0.id');
    }
  });
});

describe("a visitor's enquiry", () => {
  const send = (name: string) =>
    anon('/api/v1/contact-enquiries').then(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/contact-enquiries',
        remoteAddress: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        payload: { name, email: 'eve@example.test', message: 'Hello', started_at: Date.now() - 10_000 },
      }),
    );

  it('is refused where an entity stands for a control, text-direction or invisible character', async () => {
    for (const name of ['Invoice &#x202E;fdp.exe', 'Eve&#27;', 'Eve&#10;Mallory', 'Eve&#0;', '&#x200B;&#x200B;']) {
      refusedAt(await send(name), 'name');
    }
    const stored = await t.database.db.select().from(contactEnquiries);
    // eslint-disable-next-line no-control-regex -- what must not be stored
    expect(stored.filter((e) => /[\u0000-\u001f\u202a-\u202e\u200b]/.test(e.name))).toEqual([]);
    const ok = await send('Eve <b>Mallory</b> $&');
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe('addresses are parsed against the site, not read by their first characters', () => {
  it('refuses a path-like address that leads to another site, wherever a link or an image goes', async () => {
    const evil = '/\\evil.example/x';
    const hero = pageInput('hero-link', 'Hero', {
      blocks: [
        {
          id: 'h1',
          type: 'hero',
          heading: { en: 'Hi' },
          text: { en: '' },
          cta: { label: { en: 'Go' }, href: evil },
        },
      ],
    });
    refusedAt(await admin.post('/api/v1/admin/site/pages', { data: hero }), 'data.blocks.0.cta.href');
    const settings = settingsInput();
    for (const [data, field] of [
      [{ ...settings, header_menu: [{ label: { en: 'X' }, href: evil, children: [] }] }, 'data.header_menu.0.href'],
      [{ ...settings, social_links: [{ network: 'linkedin', url: evil }] }, 'data.social_links.0.url'],
      [{ ...settings, business: { ...settings.business, map_url: '//evil.example' } }, 'data.business.map_url'],
      [{ ...settings, logo: { src: '/\\evil.example/logo.png', alt: { en: 'x' } } }, 'data.logo.src'],
    ] as const) {
      refusedAt(await admin.put('/api/v1/admin/site/settings', { data }), field);
    }
    const fine = pageInput('fine-links', 'Fine', {
      blocks: [
        {
          id: 'h1',
          type: 'hero',
          heading: { en: 'Hi' },
          text: { en: '' },
          cta: { label: { en: 'Go' }, href: '/p/about?x=1#top' },
        },
      ],
    });
    expect((await admin.post('/api/v1/admin/site/pages', { data: fine })).statusCode).toBe(201);
  });
});

describe('search engines see what is there', () => {
  it('leaves an expired opening out of the sitemap and the list, and gives it no page', async () => {
    const job = (slug: string, valid_through: string | null) => ({
      slug,
      title: { en: `Opening ${slug}` },
      summary: { en: 'Seasonal work' },
      body: { en: '<p>Apply</p>' },
      employment_type: 'SEASONAL',
      location: 'Springfield, IL',
      valid_through,
    });
    await publishContent(admin, 'jobs', job('closed-2020', '2020-04-15'));
    await publishContent(admin, 'jobs', job('open-later', '2099-04-15'));
    const sitemap = (await anon('/sitemap.xml')).body;
    expect(sitemap).toContain('/seeker/open-later');
    expect(sitemap).not.toContain('/seeker/closed-2020');
    const list = (await anon('/api/v1/jobs')).json().items.map((j: { slug: string }) => j.slug);
    expect(list).toContain('open-later');
    expect(list).not.toContain('closed-2020');
    expect((await anon('/api/v1/jobs/closed-2020')).statusCode).toBe(404);
    const page = await anon('/seeker/closed-2020');
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('JobPosting');
    expect((await anon('/seeker/open-later')).body).toContain('JobPosting');
  });

  it('answers 404 for the list of a category that is not published', async () => {
    const res = await anon('/list/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('noindex');
  });

  it('never sends an empty description, and gives every public page a canonical address and Open Graph', async () => {
    // No tagline, and a page with no description of its own.
    await admin.put('/api/v1/admin/site/settings', { data: { ...settingsInput(), tagline: { en: '' } } });
    await admin.post('/api/v1/admin/site/settings/publish');
    await publishContent(admin, 'pages', pageInput('plain', 'Plain page', { description: { en: '' } }));
    await publishContent(admin, 'forms', formInput('apply'));
    const head = async (path: string) => (await anon(path)).body;
    for (const path of ['/p/plain', '/forms', '/gallery-detail', '/job-detail', '/social-share', '/new/apply']) {
      const html = await head(path);
      const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
      expect(description, path).toBeTruthy();
      expect(html, path).toMatch(/<link rel="canonical" href="[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
    }
    expect(await head('/new/apply')).toMatch(/<link rel="canonical" href="[^"]*\/forms\/apply"/);
    expect(await head('/gallery-detail')).toMatch(/<link rel="canonical" href="[^"]*\/gallery-list"/);
  });
});
