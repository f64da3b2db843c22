import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMedia, siteMediaFiles } from '../platform/db/schema.ts';
import { type Agent, createCustomer, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { jpegWithGps, multipart, pdf, png } from '../test/upload-fixtures.ts';
import { sweepMedia } from './site-media.service.ts';
import { pageInput } from './site.fixtures.ts';

let t: TestApp;
let admin: Agent;
let customer: Agent;
let preparer: Agent;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  customer = await signIn(t, (await createCustomer(t)).email);
  preparer = await signIn(t, (await createStaff(t, 'Tax Preparer')).email);
}, 120_000);
afterAll(async () => t.close());

const MEDIA = '/api/v1/admin/site/media';
const upload = (agent: Agent, data: Buffer, name = 'photo.jpg', alt = 'Our office') => {
  const body = multipart({ alt }, [{ name, data }]);
  return agent.request({ method: 'POST', url: MEDIA, payload: body.payload, headers: body.headers });
};
const mediaDir = () => path.join(t.config.DATA_DIR, 'media');
async function storedFiles(): Promise<string[]> {
  const shards = await fs.readdir(mediaDir()).catch(() => [] as string[]);
  const all = await Promise.all(shards.map(async (s) => fs.readdir(path.join(mediaDir(), s))));
  return all.flat();
}
const fetchFile = (url: string) => t.app.inject({ url });

describe('the media library', () => {
  it('resizes an upload into responsive widths in AVIF and WebP, never upscaled, metadata stripped', async () => {
    const res = await upload(admin, await jpegWithGps(1200, 800));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({ width: 1200, height: 800, content_type: 'image/jpeg', alt: { en: 'Our office' } });
    const widths = (set: string) => set.split(', ').map((s) => Number(s.split(' ')[1]!.replace('w', '')));
    expect(widths(m.srcset.avif)).toEqual([320, 640, 1024, 1200]);
    expect(widths(m.srcset.webp)).toEqual([320, 640, 1024, 1200]);
    expect(m.src).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}\.jpg$/);

    const urls = [m.src, ...m.srcset.avif.split(', '), ...m.srcset.webp.split(', ')].map(
      (s: string) => s.split(' ')[0]!,
    );
    for (const url of urls) {
      const file = await fetchFile(url);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    const webp = await fetchFile(m.srcset.webp.split(', ')[1].split(' ')[0]);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(640);

    // A small image is not blown up.
    const small = (await upload(admin, await png(200, 100), 'logo.png')).json();
    expect(small.srcset.webp).toMatch(/ 200w$/);
    expect(small.src).toMatch(/\.jpg$/);
  });

  it('refuses what is not an image by content (415) and a damaged one (422), keeping nothing', async () => {
    const before = await storedFiles();
    const rows = (await t.database.db.select().from(siteMedia)).length;
    const fake = await upload(admin, pdf(), 'photo.jpg');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors[0].field).toBe('file');
    const jpeg = await jpegWithGps(400, 300);
    const broken = await upload(admin, jpeg.subarray(0, 600), 'cut.jpg');
    expect(broken.statusCode).toBe(422);
    expect(await storedFiles()).toEqual(before);
    expect((await t.database.db.select().from(siteMedia)).length).toBe(rows);
  });

  it('is for site editors only', async () => {
    const img = await png(50, 50);
    for (const agent of [customer, preparer]) {
      expect((await upload(agent, img)).statusCode).toBe(403);
      expect((await agent.get(MEDIA)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: MEDIA })).statusCode).toBe(401);
  });

  it('edits alt text, fills image fields from the library on save, and refuses deleting an image in use', async () => {
    const m = (await upload(admin, await png(800, 600), 'team.png', '')).json();
    const alt = await admin.request({
      method: 'PATCH',
      url: `${MEDIA}/${m.id}`,
      payload: { alt: { en: 'The <b>team</b>' } },
    });
    expect(alt.statusCode, alt.body).toBe(200);
    expect(alt.json().alt.en).toBe('The team');

    // Whatever the client sends for src and srcset, the server writes the library's.
    const page = pageInput('with-image', 'With image', {
      blocks: [
        {
          id: 'i1',
          type: 'image',
          image: { src: '/evil', alt: { en: 'Team' }, media_id: m.id, srcset: { avif: 'x', webp: 'y' } },
        },
      ],
    });
    const created = await admin.post('/api/v1/admin/site/pages', { data: page });
    expect(created.statusCode, created.body).toBe(201);
    const image = created.json().draft.blocks[0].image;
    expect(image).toMatchObject({ src: m.src, width: 800, height: 600, srcset: m.srcset, media_id: m.id });

    const unknown = await admin.post('/api/v1/admin/site/pages', {
      data: pageInput('bad-image', 'Bad', {
        blocks: [{ id: 'i1', type: 'image', image: { src: '/x', alt: { en: '' }, media_id: 'nope' } }],
      }),
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].field).toBe('data.blocks.0.image.media_id');

    const listed = (await admin.get(MEDIA)).json().items.find((i: { id: string }) => i.id === m.id);
    expect(listed.used_by).toBe(1);
    expect((await admin.delete(`${MEDIA}/${m.id}`)).statusCode).toBe(409);
    expect((await fetchFile(m.src)).statusCode).toBe(200);

    await admin.delete(`/api/v1/admin/site/pages/${created.json().id}`);
    expect((await admin.delete(`${MEDIA}/${m.id}`)).statusCode).toBe(204);
    expect((await fetchFile(m.src)).statusCode).toBe(404);
    expect((await admin.delete(`${MEDIA}/${m.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to names that are not a variant', async () => {
    for (const name of ['x', '../../etc/passwd', `${'a'.repeat(32)}.exe`, `${'a'.repeat(32)}.webp`]) {
      expect((await fetchFile(`/api/v1/media/${encodeURIComponent(name)}`)).statusCode, name).toBe(404);
    }
  });

  it('sweeps media files no row names', async () => {
    const m = (await upload(admin, await png(100, 100), 'sweep.png')).json();
    const key = 'f'.repeat(32);
    await fs.mkdir(path.join(mediaDir(), 'ff'), { recursive: true });
    await fs.writeFile(path.join(mediaDir(), 'ff', key), 'orphan');
    const { createMediaStore } = await import('../platform/storage/index.ts');
    const deps = { db: t.database.db, media: createMediaStore(t.config), log: { info() {}, warn() {} } as never };
    const { removed } = await sweepMedia({ ...deps, now: () => Date.now() + 2 * 3600_000 });
    expect(removed).toEqual([key]);
    const named = (await t.database.db.select().from(siteMediaFiles)).map((f) => f.key);
    expect((await storedFiles()).sort()).toEqual([...new Set(named)].sort());
    expect((await fetchFile(m.src)).statusCode).toBe(200);
  });
});
