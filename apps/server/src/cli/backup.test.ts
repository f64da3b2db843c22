import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { documentTypes } from '../platform/db/schema.ts';
import { openPglite, newPglite } from '../platform/db/client.ts';
import { seedBase } from '../platform/db/seed.ts';
import { loadConfig } from '../platform/config.ts';
import { loadSecrets } from '../platform/secrets.ts';
import { createCustomer, createStaff, signIn, type TestApp } from '../test/helper.ts';
import { openTicket } from '../test/ticket-fixtures.ts';
import { multipart, pdf } from '../test/upload-fixtures.ts';
import { backupDataDir, restoreDataDir } from '../platform/backup/backup.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// The keys live outside DATA_DIR (here: the environment), as the archive expects: it never holds them.
const keys = { SESSION_SECRET: randomBytes(48).toString('base64'), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const configFor = (dataDir: string, env: Record<string, string> = keys) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://portal.test', ...env });
const PASSPHRASE = 'correct horse battery staple';

/** The portal on an embedded database in `dataDir` (the migrated snapshot on first use, as `npm start` would). */
async function startPortal(dataDir: string): Promise<TestApp> {
  const config = configFor(dataDir);
  const dbDir = path.join(dataDir, 'db');
  const fresh = !fs.existsSync(dbDir);
  const snapshot = fresh && inject('pgSnapshot') ? new Blob([fs.readFileSync(inject('pgSnapshot'))]) : undefined;
  fs.mkdirSync(dataDir, { recursive: true });
  const database = openPglite(newPglite(dbDir, snapshot));
  await database.migrate();
  if (fresh) await seedBase(database.db);
  const secrets = loadSecrets(config);
  const { app, routes } = await buildApp({ config, database, secrets, logger: false });
  await app.ready();
  return {
    app,
    routes,
    database,
    config,
    secrets,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('backup and restore of the embedded default', () => {
  it('brings back users, a ticket and a document that still decrypts, after the data is wiped', async () => {
    const dataDir = path.join(root, 'data');
    const archive = path.join(root, 'backups', 'one.tpbk');
    const t = await startPortal(dataDir);
    const c = await createCustomer(t, { full_name: 'Backup Person' });
    const staff = await createStaff(t, 'Tax Preparer');
    const customer = await signIn(t, c.email);
    const ticket = await openTicket(t, customer);
    const [type] = await t.database.db.select().from(documentTypes).limit(1);
    const original = pdf(`BACKUP-MARKER-${randomUUID()}`);
    const up = await customer.request({
      method: 'POST',
      url: '/api/v1/documents',
      ...multipart({ document_type: type!.id, ticket_id: ticket.id }, [{ name: 'w2.pdf', data: original }]),
    });
    expect(up.statusCode, up.body).toBe(201);
    const docId = up.json().items[0].id as string;
    await t.close();

    const manifest = await backupDataDir({
      config: configFor(dataDir),
      encryptionKey: Buffer.from(keys.ENCRYPTION_KEY, 'base64'),
      passphrase: PASSPHRASE,
      out: archive,
    });
    expect(manifest.files).toBe(1);
    const bytes = fs.readFileSync(archive);
    // Encrypted: neither the document's marker nor the customer's name is readable in the archive.
    expect(bytes.includes(Buffer.from('Backup Person'))).toBe(false);
    expect(bytes.includes(Buffer.from(keys.ENCRYPTION_KEY))).toBe(false);

    const restore = (extra: Partial<Parameters<typeof restoreDataDir>[0]> = {}) =>
      restoreDataDir({
        config: configFor(dataDir),
        encryptionKey: () => Buffer.from(keys.ENCRYPTION_KEY, 'base64'),
        passphrase: PASSPHRASE,
        archive,
        ...extra,
      });
    // A data dir with data in it is not overwritten without --force.
    await expect(restore()).rejects.toThrow(/refuses to overwrite/);

    fs.rmSync(path.join(dataDir, 'db'), { recursive: true });
    fs.rmSync(path.join(dataDir, 'files'), { recursive: true });

    // A wrong passphrase, a changed byte, a cut-off archive or another key: refused, nothing written.
    await expect(restore({ passphrase: 'not the passphrase' })).rejects.toThrow(/wrong passphrase/);
    const tampered = path.join(root, 'tampered.tpbk');
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)]! ^= 1;
    fs.writeFileSync(tampered, changed);
    await expect(restore({ archive: tampered })).rejects.toThrow(/changed or damaged/);
    const cut = path.join(root, 'cut.tpbk');
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    await expect(restore({ archive: cut })).rejects.toThrow(/cut short|changed/);
    await expect(restore({ encryptionKey: () => randomBytes(32) })).rejects.toThrow(/not the one this backup/);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);

    const result = await restore();
    expect(result.movedAside).toBeNull();

    const back = await startPortal(dataDir);
    try {
      const again = await signIn(back, c.email);
      await signIn(back, staff.email);
      const tickets = (await again.get('/api/v1/tickets')).json();
      expect(tickets.items.map((i: { id: string }) => i.id)).toContain(ticket.id);
      const file = await again.get(`/api/v1/documents/${docId}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(original)).toBe(true);
    } finally {
      await back.close();
    }

    // --force replaces data that is there, moving it aside rather than deleting it.
    const forced = await restore({ force: true });
    expect(forced.movedAside).not.toBeNull();
    expect(fs.existsSync(path.join(forced.movedAside!, 'db', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
  }, 600_000);

  it('refuses PostgreSQL (pg_dump is the tool there)', async () => {
    const config = configFor(path.join(root, 'pg'), { ...keys, DATABASE_URL: 'postgres://x@127.0.0.1:1/x' });
    await expect(
      backupDataDir({ config, encryptionKey: randomBytes(32), passphrase: PASSPHRASE, out: path.join(root, 'x') }),
    ).rejects.toThrow(/pg_dump/);
  });
});
