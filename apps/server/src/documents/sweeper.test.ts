import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { documents, documentTypes } from '../platform/db/schema.ts';
import { DEMO_PASSWORD } from '../platform/db/seed.ts';
import { createFileStore } from '../platform/storage/index.ts';
import { createCustomer, createTestApp, signIn, type TestApp } from '../test/helper.ts';
import { multipart, pdf, pdfOfSize } from '../test/upload-fixtures.ts';
import { startSweeper, sweepOrphans, SWEEP_GRACE_MS } from './sweeper.ts';

const log = pino({ level: 'silent' });
const HOUR = 60 * 60 * 1000;
const listKeys = async (files: ReturnType<typeof createFileStore>) => {
  const out: string[] = [];
  for await (const o of files.list()) out.push(o.storageKey);
  return out;
};

describe('the sweeper', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = path.join(os.tmpdir(), `tp-sweep-${randomUUID()}`);
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes stored files that no row names once past the grace period, and keeps the rest', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const files = createFileStore(config, randomBytes(32));
    const c = await createCustomer(t);
    const agent = await signIn(t, c.email);
    const [dt] = await t.database.db.select().from(documentTypes).limit(1);
    const res = await agent.request({
      method: 'POST',
      url: '/api/v1/documents',
      ...multipart({ document_type: dt!.id }, [{ name: 'kept.pdf', data: pdf() }]),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(documents);
    // A crash between the file and its row leaves a file with no row; so does an interrupted write (.part).
    const orphan = await files.put(Buffer.from('orphan'));
    const partial = `${randomBytes(16).toString('hex')}.part`;
    fs.mkdirSync(path.join(dataDir, 'files', partial.slice(0, 2)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', partial.slice(0, 2), partial), 'half');

    let now = new Date();
    const deps = { db: t.database.db, files, log, now: () => now };
    // Within the grace period nothing goes: the upload may still be writing its row.
    expect((await sweepOrphans(deps)).removed).toEqual([]);
    now = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    const { removed } = await sweepOrphans(deps);
    expect(removed.sort()).toEqual([orphan.storageKey, partial].sort());
    expect(await listKeys(files)).toEqual([row!.storage_key]);
    expect((await agent.get(`/api/v1/documents/${row!.id}/file`)).statusCode).toBe(200);
  });

  it('runs on a timer and stops', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const files = createFileStore(config, randomBytes(32));
    const orphan = await files.put(Buffer.from('orphan'));
    const sweeper = startSweeper({ db: t.database.db, files, log, now: () => new Date(Date.now() + 2 * HOUR) }, 20);
    for (let i = 0; i < 100 && (await listKeys(files)).includes(orphan.storageKey); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await sweeper.stop();
    expect(await listKeys(files)).not.toContain(orphan.storageKey);
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe('a server killed mid-upload', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no row, and the sweeper removes the half-written file', { timeout: 240_000 }, async () => {
    dataDir = path.join(os.tmpdir(), `tp-kill-${randomUUID()}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'true',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout!.on('data', (d) => (stdout += d));
    // Up, and done making the demo sample (after it starts answering), so what is stored is all finished.
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up && stdout.includes('Sample data')) break;
      // Up to two minutes: the demo sample is made first, slower on a busy machine.
      if (i > 800 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 150));
    }
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@demo.test', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))!.split('=')[1]!;
    const types = (await (
      await fetch(`${base}/api/v1/catalog/document-types`, { headers: { cookie: cookies.join('; ') } })
    ).json()) as {
      items: { id: string }[];
    };

    const filesDir = path.join(dataDir, 'files');
    // Everything stored; the demo sample's documents are there too, complete and named by their rows.
    const stored = () =>
      fs.existsSync(filesDir)
        ? fs
            .readdirSync(filesDir)
            .flatMap((s) => fs.readdirSync(path.join(filesDir, s)).map((f) => path.join(filesDir, s, f)))
        : [];
    const partials = () => stored().filter((f) => f.endsWith('.part'));
    const complete = stored();
    expect(complete.every((f) => !f.endsWith('.part'))).toBe(true);
    // A 6 MB upload of which only the first half is sent; then the server is killed.
    const body = multipart({ document_type: types.items[0]!.id }, [
      { name: 'big.pdf', data: pdfOfSize(6 * 1024 * 1024) },
    ]);
    const req = http.request(`${base}/api/v1/documents`, {
      method: 'POST',
      headers: {
        ...body.headers,
        'content-length': String(body.payload.length),
        cookie: cookies.join('; '),
        'x-csrf-token': decodeURIComponent(csrf),
      },
    });
    req.on('error', () => {});
    req.write(body.payload.subarray(0, body.payload.length / 2));
    for (let i = 0; partials().length === 0 || fs.statSync(partials()[0]!).size < 1024 * 1024; i++) {
      if (i > 200) throw new Error('the upload never reached storage');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
    req.destroy();

    const left = partials();
    expect(left).toHaveLength(1);
    expect(path.basename(left[0]!)).toMatch(/^[0-9a-f]{32}\.part$/);

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const database = openDatabase(config);
    try {
      // No row for the killed upload: only the demo sample's documents, each with its file.
      const rows = await database.db
        .select({ name: documents.file_name, key: documents.storage_key, thumb: documents.thumb_storage_key })
        .from(documents);
      expect(rows.filter((r) => r.name === 'big.pdf')).toEqual([]);
      expect(
        rows
          .flatMap((r) => [r.key, r.thumb])
          .filter(Boolean)
          .sort(),
      ).toEqual(complete.map((f) => path.basename(f)).sort());
      const files = createFileStore(config, randomBytes(32));
      const deps = { db: database.db, files, log, now: () => new Date() };
      expect((await sweepOrphans(deps)).removed).toEqual([]);
      const later = { ...deps, now: () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000) };
      expect((await sweepOrphans(later)).removed).toEqual([path.basename(left[0]!)]);
      expect(partials()).toEqual([]);
      expect(stored().sort()).toEqual(complete.sort());
    } finally {
      await database.close();
    }
  });
});
