import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp, type TestApp } from './test/helper.ts';
import { testDatabase } from './test/db.ts';
import { loadConfig } from './platform/config.ts';
import { AppError } from './platform/errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('health and docs', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: true, migrations: true });
  });

  it('serves the OpenAPI document generated from the contract, and the browsable docs', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['full_name', 'email', 'phone', 'password']),
    );
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('security headers', () => {
  it('sets CSP with frame-ancestors, nosniff, referrer policy and a request id; no HSTS outside production', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and Secure cookies in production', async () => {
    const database = await testDatabase();
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(os.tmpdir(), 'tp-prod-test'),
      PUBLIC_URL: 'https://portal.example',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    });
    const { app } = await buildApp({
      config,
      database,
      secrets: { sessionSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
      logger: false,
    });
    try {
      expect((await app.inject('/api/health')).headers['strict-transport-security']).toContain('max-age=31536000');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { full_name: 'P', email: 'prod@example.test', phone: '+12025550111', password: 'long-enough-1' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.cookies.every((c) => c.secure)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('errors', () => {
  it('answers problem+json for unknown API paths and hides internals on 5xx', async () => {
    const missing = await t.app.inject('/api/v1/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/problem\+json/);

    const database = await testDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
    const { app } = await buildApp({
      config,
      database,
      secrets: { sessionSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
      logger: false,
    });
    app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    app.get('/api/teapot', { config: { public: true } }, async () => {
      throw new AppError('conflict', 'Someone else changed this first.');
    });
    try {
      const boom = await app.inject('/api/boom');
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toMatchObject({ status: 500, detail: 'Something Went Wrong' });
      expect(boom.body).not.toContain('hunter2');
      expect(boom.body).not.toContain('stack');
      const conflict = await app.inject('/api/teapot');
      expect(conflict.json()).toMatchObject({
        status: 409,
        title: 'Conflict',
        detail: 'Someone else changed this first.',
      });
    } finally {
      await app.close();
    }
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});

/** The app serving a web build made of `files` (path under dist → content). */
async function appWithWebBuild(files: Record<string, string | Buffer>) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), content);
  }
  const database = await testDatabase();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent' });
  const { app } = await buildApp({
    config,
    database,
    secrets: { sessionSecret: Buffer.alloc(32, 1), encryptionKey: Buffer.alloc(32, 2) },
    logger: false,
    webDist: dist,
  });
  return app;
}

describe('web app', () => {
  it('serves index.html for client routes and never for /api', async () => {
    const app = await appWithWebBuild({
      'index.html': '<!doctype html><div id="root"></div>',
      'assets/app-1234.js': 'console.log(1)',
    });
    try {
      const page = await app.inject('/my-tickets');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
      const asset = await app.inject('/assets/app-1234.js');
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject('/api/v1/unknown');
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/problem\+json/);
    } finally {
      await app.close();
    }
  });
});

describe('compression', () => {
  it('serves the build’s Brotli or gzip file for what the browser accepts, with Vary', async () => {
    const html = '<!doctype html><div id="root"></div>';
    const js = `console.log(${'1'.repeat(4000)})`;
    const app = await appWithWebBuild({
      'index.html': html,
      'index.html.gz': zlib.gzipSync(html),
      'assets/app-1234.js': js,
      'assets/app-1234.js.br': zlib.brotliCompressSync(js),
      'assets/app-1234.js.gz': zlib.gzipSync(js),
    });
    try {
      const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

      const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

      const plain = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);

      const page = await app.inject({ url: '/my-tickets', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(html);
    } finally {
      await app.close();
    }
  });

  it('compresses the HTML of a public route, which carries its own head', async () => {
    const html = `<!doctype html><html lang="en"><head><title>x</title></head><body>${'<div></div>'.repeat(300)}</body></html>`;
    const app = await appWithWebBuild({ 'index.html': html });
    try {
      // A path the web app does not know: the site's 404 page, with its own head.
      const page = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Page not found');
      const gz = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<title>Page not found');
      const plain = await app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<title>Page not found');
    } finally {
      await app.close();
    }
  });

  it('compresses API JSON above 1 KB and leaves small answers alone', async () => {
    const t = await createTestApp();
    try {
      const big = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
      expect(big.statusCode).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(big.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toHaveProperty('paths');

      const gz = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');

      const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.statusCode).toBe(200);
      expect(small.headers['content-encoding']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
