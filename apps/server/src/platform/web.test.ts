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
});
