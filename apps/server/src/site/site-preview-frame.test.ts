import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.ts';

// The site editor's live preview (web: features/cms/editor) frames /admin/site/preview from the same origin; every
// other page keeps refusing to be framed.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t.close());

describe('framing', () => {
  it('lets the app frame its own preview page, and nothing else', async () => {
    const preview = await t.app.inject({ url: '/admin/site/preview' });
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');

    for (const url of ['/admin/site', '/admin/site/preview/x', '/', '/api/v1/site']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });
});
