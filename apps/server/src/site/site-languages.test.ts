import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createStaff, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { pageInput, publishContent, settingsInput } from './site.fixtures.ts';

/*
 * Issue 31, item 5: the public site in two languages. Spanish pages live under /es with hreflang alternates (and
 * x-default) in their head and xhtml:link alternates in sitemap.xml; a page without Spanish is shown in English
 * under /es (canonical to its English address) and is not in the Spanish sitemap; a reader of Spanish asking for
 * an English address is sent to its Spanish one.
 */
const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Tax Portal</title></head><body><div id="root"></div></body></html>`;
const schemas = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schemas');

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ PUBLIC_URL: 'https://harbor.example' }, { webDist: dist });
  admin = await signIn(t, (await createStaff(t, 'Admin')).email);
  await admin.put('/api/v1/admin/site/settings', {
    data: { ...settingsInput(), firm_name: 'Harbor Tax', tagline: { en: 'Tax help', es: 'Ayuda con sus impuestos' } },
  });
  await admin.post('/api/v1/admin/site/settings/publish');
  await publishContent(admin, 'pages', {
    ...pageInput('home', 'Harbor Tax'),
    title: { en: 'Harbor Tax', es: 'Harbor Tax' },
  });
  await publishContent(admin, 'pages', {
    ...pageInput('services', 'Our services'),
    title: { en: 'Our services', es: 'Nuestros servicios' },
    description: { en: 'What we do', es: 'Lo que hacemos' },
  });
  await publishContent(admin, 'pages', pageInput('fees', 'Our fees'));
}, 120_000);
afterAll(async () => t.close());

const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`);

describe('the site in Spanish', () => {
  it('says each page’s languages in its head: English, Spanish when written, x-default', async () => {
    const en = (await t.app.inject('/p/services')).body;
    expect(en).toContain('<html lang="en">');
    expect(alternates(en)).toEqual([
      'en https://harbor.example/p/services',
      'es https://harbor.example/es/p/services',
      'x-default https://harbor.example/p/services',
    ]);
    const es = await t.app.inject('/es/p/services');
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('<html lang="es">');
    expect(es.body).toContain('<title>Nuestros servicios | Harbor Tax</title>');
    expect(es.body).toContain('<meta name="description" content="Lo que hacemos" />');
    expect(es.body).toContain('<link rel="canonical" href="https://harbor.example/es/p/services" />');
    expect(es.body).toContain('<meta property="og:locale" content="es_US" />');
    expect(alternates(es.body)).toEqual(alternates(en));
    const home = (await t.app.inject('/es/')).body;
    expect(home).toContain('<link rel="canonical" href="https://harbor.example/es/" />');
    expect(alternates(home)).toContain('es https://harbor.example/es/');
  });

  it('shows a page with no Spanish in English under /es, canonical to its English address', async () => {
    const res = await t.app.inject('/es/p/fees');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('<link rel="canonical" href="https://harbor.example/p/fees" />');
    expect(alternates(res.body)).toEqual([
      'en https://harbor.example/p/fees',
      'x-default https://harbor.example/p/fees',
    ]);
    // The site's own texts around it are Spanish.
    expect((await t.app.inject('/es/p/missing')).body).toContain('<title>Página no encontrada | Harbor Tax</title>');
    expect((await t.app.inject('/es/p/missing')).statusCode).toBe(404);
    // Only the site's pages have a Spanish address: the portal's do not.
    expect((await t.app.inject('/es/dashboard')).statusCode).toBe(404);
  });

  it('sends a reader of Spanish from an English address to the Spanish one; crawlers and portal pages stay', async () => {
    const byCookie = await t.app.inject({ url: '/p/services?ref=mail', headers: { cookie: 'tp_lang=es' } });
    expect(byCookie.statusCode).toBe(302);
    expect(byCookie.headers.location).toBe('/es/p/services?ref=mail');
    expect(byCookie.headers.vary).toMatch(/accept-language/);
    const byBrowser = await t.app.inject({ url: '/', headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(byBrowser.headers.location).toBe('/es/');
    // Chose English (the cookie) over a Spanish browser: stays.
    const chose = await t.app.inject({ url: '/', headers: { cookie: 'tp_lang=en', 'accept-language': 'es' } });
    expect(chose.statusCode).toBe(200);
    expect((await t.app.inject('/p/services')).statusCode).toBe(200);
    const portal = await t.app.inject({ url: '/dashboard', headers: { cookie: 'tp_lang=es' } });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('<html lang="es"');
    // Sign-in has one address: its head in the reader's language.
    const register = await t.app.inject({ url: '/register', headers: { cookie: 'tp_lang=es' } });
    expect(register.body).toContain('<title>Inicie sesión o cree una cuenta | Harbor Tax</title>');
  });

  it('lists each page in the sitemap with its alternates, the Spanish address only where written, and validates', async () => {
    const res = await t.app.inject('/sitemap.xml');
    const xml = res.body;
    expect(xml).toContain('<loc>https://harbor.example/es/p/services</loc>');
    expect(xml).toContain('<loc>https://harbor.example/p/fees</loc>');
    expect(xml).not.toContain('<loc>https://harbor.example/es/p/fees</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="es" href="https://harbor.example/es/p/services"/><xhtml:link rel="alternate" hreflang="x-default" href="https://harbor.example/p/services"/>',
    );
    const read = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(schemas, name), 'utf8') });
    const result = await validateXML({
      xml: { fileName: 'sitemap.xml', contents: xml },
      schema: read('sitemap-alternates.xsd'),
      preload: [read('sitemap.xsd'), read('xhtml-link.xsd')],
    });
    expect(result.errors.map((e) => e.message)).toEqual([]);
    expect(result.valid).toBe(true);
    // The check can fail: a url without its loc is refused.
    const broken = await validateXML({
      xml: { fileName: 'broken.xml', contents: xml.replace(/<loc>[^<]*<\/loc>/, '') },
      schema: read('sitemap-alternates.xsd'),
      preload: [read('sitemap.xsd'), read('xhtml-link.xsd')],
    });
    expect(broken.valid).toBe(false);
  });
});
