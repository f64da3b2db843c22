import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
