import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteEntries } from '../platform/db/schema.ts';
import { seedDemo } from '../platform/db/seed.ts';
import { createMediaStore } from '../platform/storage/index.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { seedSampleSite } from './sample-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
}, 120_000);
afterAll(async () => t.close());

describe('the demo firm’s website', () => {
  it('is published once, through the site feature, with every page the README promises', async () => {
    const media = createMediaStore(t.config);
    expect(await seedSampleSite(t.database.db, pino({ level: 'silent' }), media)).toBe(true);
    expect(await seedSampleSite(t.database.db, pino({ level: 'silent' }))).toBe(false);
    const get = (url: string) => t.app.inject({ url });
    expect((await get('/api/v1/site')).json().settings.firm_name).toBe('Harbor Tax & Accounting');
    for (const route of ['home', 'about-us', 'services', 'pricing', 'faq', 'contact-us'])
      expect((await get(`/api/v1/pages/${route}`)).statusCode, route).toBe(200);
    const mobile = (await get('/api/v1/pages/home?app=mobile')).json();
    expect(mobile.variant).toBe('mobile');
    expect((await get('/api/v1/blog')).json().items).toHaveLength(3);
    const gallery = (await get('/api/v1/galleries/our-office')).json();
    expect(gallery.images.length).toBeGreaterThan(2);
    // Its images are the media library's: responsive sources, and the files are served.
    expect(gallery.images[0].srcset.avif).toMatch(/ 1600w$/);
    expect((await get(gallery.images[0].src)).statusCode).toBe(200);
    const form = (await get('/api/v1/forms/seasonal-preparer-application')).json();
    expect(form.fields.find((f: { name: string }) => f.name === 'resume')).toMatchObject({
      type: 'file',
      required: true,
    });
    const events = (await get('/api/v1/site/events')).json().items;
    expect(events[0].slug).toBe('tax-deadline-webinar');
    expect((await get('/api/v1/jobs')).json().items[0].employment_type).toBe('SEASONAL');
    const pricing = (await get('/api/v1/pages/pricing')).json();
    expect(pricing.blocks[0].plans[0].price_cents).toBe(19900);
  });

  it('ships every text in Spanish too, rich text with the markup of its English (issue 31 item 5)', async () => {
    // Seeded by the test above, or here when this one runs alone (a second call changes nothing).
    await seedSampleSite(t.database.db, pino({ level: 'silent' }));
    const rows = await t.database.db
      .select({
        kind: siteEntries.kind,
        key: siteEntries.key,
        draft: siteEntries.draft,
        published: siteEntries.published,
      })
      .from(siteEntries);
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['settings', 'pages', 'posts', 'forms', 'jobs']));

    const texts = rows.flatMap((r) => [
      ...localizedTexts(r.draft, `${r.kind}/${r.key} draft`),
      ...localizedTexts(r.published, `${r.kind}/${r.key} published`),
    ]);
    // The walk finds the texts (settings, pages, blocks, posts, forms' fields and options, image alternative texts).
    expect(texts.length).toBeGreaterThan(250);
    expect(texts.some((x) => x.where.endsWith('.alt'))).toBe(true);

    // A text with English and no Spanish (an `en`-only text added later) is named here.
    const written = (s: string | undefined) => !!s && s.replace(/<[^>]*>/g, '').trim() !== '';
    expect(texts.filter((x) => written(x.en) && !written(x.es)).map((x) => `${x.where}: ${x.en}`)).toEqual([]);
    expect(texts.filter((x) => !written(x.en) && written(x.es)).map((x) => x.where)).toEqual([]);
    // Rich text: the same tags in the same order (a list stays a list, a heading a heading, a link a link).
    const tags = (html: string) => [...html.matchAll(/<\/?[a-z][a-z0-9]*/gi)].map((m) => m[0].toLowerCase()).join('');
    expect(
      texts.filter((x) => x.en.includes('<') && tags(x.en) !== tags(x.es ?? '')).map((x) => `${x.where}: ${x.es}`),
    ).toEqual([]);
  });
});

/** Every text of content (`{ en, es? }` and nothing else) in stored JSON, however deep, with where it is. */
function localizedTexts(value: unknown, where: string): { where: string; en: string; es?: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => localizedTexts(v, `${where}.${i}`));
  if (typeof value !== 'object' || value === null) return [];
  const o = value as Record<string, unknown>;
  if (typeof o.en === 'string' && Object.keys(o).every((k) => k === 'en' || k === 'es'))
    return [{ where, en: o.en, ...(typeof o.es === 'string' ? { es: o.es } : {}) }];
  return Object.entries(o).flatMap(([k, v]) => localizedTexts(v, `${where}.${k}`));
}
