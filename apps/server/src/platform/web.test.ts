import { describe, expect, it } from 'vitest';
import { putAt, withHead, withPrerendered } from './web.ts';

const TEMPLATE =
  '<!doctype html><html lang="en"><head><title>Tax Portal</title><meta name="description" content="x" />' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const PATTERNS = ['$&', '$`', "$'", '$$', '$1', '$<x>'];

describe('text goes into the HTML template as it is', () => {
  it('puts text by position: no replacement pattern is expanded', () => {
    for (const p of PATTERNS) {
      expect(putAt('a<b>c', '<b>', `[${p}]`)).toBe(`a[${p}]c`);
      expect(putAt('a<b>c', /<b>/, `[${p}]`, 'keep-marker')).toBe(`a[${p}]<b>c`);
    }
    expect(putAt('abc', 'x', 'y')).toBe('abc');
  });

  it('a head and a rendered page whose texts carry every $ pattern stay one document', () => {
    const text = `Fees ${PATTERNS.join(' ')} here`;
    const head = withHead(TEMPLATE, { lang: 'en', html: `<title>${text}</title>` });
    const page = withPrerendered(head, {
      html: `<h1>${text}</h1>`,
      state: { title: text },
      headAssets: `<style>/* ${text} */</style>`,
    });
    expect(page.match(/<!doctype html>/g)).toHaveLength(1);
    expect(page.match(/<\/html>/g)).toHaveLength(1);
    expect(page).toContain(`<title>${text}</title>`);
    expect(page).toContain(`<h1>${text}</h1>`);
    const state = /<script id="tp-prerender" type="application\/json">([\s\S]*?)<\/script>/.exec(page)![1]!;
    expect(JSON.parse(state)).toEqual({ title: text });
  });
});

describe('the language link goes back only to a path of this site, as a header can carry it', () => {
  it('keeps a path and its query, percent-encodes what is not ASCII, and sends anything else home', async () => {
    const { samePath } = await import('./web.ts');
    expect(samePath('/register?tab=create')).toBe('/register?tab=create');
    expect(samePath('/my-tickets?q=año')).toBe('/my-tickets?q=a%C3%B1o');
    expect(samePath('/p/a%b')).toBe('/p/a%25b');
    expect(samePath('/x\u202ey')).toBe('/x%E2%80%AEy');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      'javascript:alert(1)',
      '',
      '/\u0000',
      '/a\u0001',
      '/\u007f',
      '/a b',
      '/a\r\nSet-Cookie: x=1',
      '/\ud800',
      'x'.repeat(3000),
      42,
      undefined,
    ])
      expect(samePath(bad), JSON.stringify(bad)).toBe('/');
  });

  it('keeps what is already percent-encoded as it is: a query carrying an encoded next is not encoded again', async () => {
    const { samePath } = await import('./web.ts');
    const page = '/register?tab=create&next=%2Fcreate-ticket%3Fservice%3D7c0e4a52-1b6e-4c38-9f7a-2d5b0c9e8a11';
    expect(samePath(page)).toBe(page);
    expect(samePath(samePath(page))).toBe(page);
    expect(samePath('/p/a%2fb%C3%B1?q=a%20b%')).toBe('/p/a%2fb%C3%B1?q=a%20b%25');
    expect(samePath('/p/%zz?q=año%2')).toBe('/p/%25zz?q=a%C3%B1o%252');
    // An encoded slash or backslash is text of the path: the browser does not read it as another origin.
    expect(samePath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('GET /language/{lng} sends the reader back to the same address however many times it is switched', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerWebApp } = await import('./web.ts');
    const app = Fastify();
    await registerWebApp(app, null);
    const page = '/register?tab=create&next=%2Fcreate-ticket%3Fservice%3D7c0e4a52-1b6e-4c38-9f7a-2d5b0c9e8a11';
    let at = page;
    for (const lng of ['es', 'en', 'es']) {
      // As the header's link writes it: the page's address, encoded once.
      const res = await app.inject({ method: 'GET', url: `/language/${lng}?next=${encodeURIComponent(at)}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers['set-cookie']).toContain(`=${lng};`);
      at = String(res.headers.location);
      expect(at).toBe(page);
    }
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example'])
      expect(
        (await app.inject({ method: 'GET', url: `/language/es?next=${encodeURIComponent(bad)}` })).headers.location,
      ).toBe('/');
    await app.close();
  });
});
