import { describe, expect, it } from 'vitest';
import { assetsFor, headAssetsHtml, looksLikePhone, scriptJson } from './prerender.ts';
import { withPrerendered } from './web.ts';

describe('pre-rendered pages', () => {
  it('puts the answers in a JSON script element that nothing in them can close', () => {
    const state = { title: '</script><script>alert(1)</script>', line: 'a\u2028b', amp: '&lt;' };
    const json = scriptJson(state);
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(state);
    const template =
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/a.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>';
    const html = withPrerendered(template, {
      html: '<h1>Hi</h1>',
      state,
      headAssets: '<style data-prerendered>h1{}</style>',
    });
    expect(html).toBe(
      '<html><head><style data-prerendered>h1{}</style>' +
        '<meta name="tp-entry" content="/assets/index.js" data-preload="[&quot;/assets/a.js&quot;]">' +
        '<script src="/boot.js" defer></script></head><body><div id="root"><h1>Hi</h1></div>' +
        `<script id="tp-prerender" type="application/json">${json}</script></body></html>`,
    );
  });

  it("inlines the stylesheets of a page's chunks and preloads their scripts, not the entry's own, each once", () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', css: ['assets/index.css'], isEntry: true, imports: ['_shared.js'] },
      'src/pages.tsx': { file: 'assets/pages.js', css: ['assets/pages.css'], imports: ['_shared.js', '_button.js'] },
      'src/home.tsx': { file: 'assets/home.js', imports: ['_button.js'] },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
      '_button.js': { file: 'assets/button.js', css: ['assets/button.css', 'assets/index.css'] },
    };
    const assets = assetsFor(manifest, ['src/home.tsx', 'src/pages.tsx', 'src/missing.tsx']);
    expect(assets).toEqual({
      css: ['assets/button.css', 'assets/pages.css'],
      js: ['assets/button.js', 'assets/home.js', 'assets/pages.js'],
    });
    const sheets: Record<string, string> = {
      'assets/button.css': '.b{color:red}',
      'assets/shared.css': '.s{content:"</style><script>"}',
      'assets/pages.css': '.p{}',
    };
    expect(headAssetsHtml({ css: ['assets/shared.css', ...assets.css], js: assets.js }, (f) => sheets[f]!)).toBe(
      '<style data-prerendered>.s{content:"<\\/style><script>"}\n.b{color:red}\n.p{}</style>' +
        '<link rel="stylesheet" href="/assets/shared.css" media="not all" disabled data-inlined>' +
        '<link rel="stylesheet" href="/assets/button.css" media="not all" disabled data-inlined>' +
        '<link rel="stylesheet" href="/assets/pages.css" media="not all" disabled data-inlined>' +
        '<link rel="modulepreload" crossorigin href="/assets/button.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/home.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/pages.js">',
    );
  });

  it("guesses a phone from its browser's user agent", () => {
    expect(looksLikePhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1')).toBe(
      true,
    );
    expect(looksLikePhone('Mozilla/5.0 (Linux; Android 11) Chrome/130.0.0.0 Mobile Safari/537.36')).toBe(true);
    expect(looksLikePhone('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0 Safari/537.36')).toBe(false);
    expect(looksLikePhone(undefined)).toBe(false);
  });
});
