import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { newPglite } from '../db/client.ts';
import { ArchiveError, byteReader, readArchive, writeArchive } from './archive.ts';

/**
 * Backup and restore of the embedded default (PGlite in DATA_DIR/db, documents in DATA_DIR/files): one
 * encrypted archive (archive.ts) holding a manifest, a consistent snapshot of the database (PGlite's
 * dumpDataDir, taken with the database closed to everyone else) and every stored file, still sealed with the
 * data's key. That key is not in the archive: keep it separately (docs/decisions/0014); restore checks that the
 * key the portal would load is the one the archive's documents were sealed with.
 */

const RECORD = { manifest: 1, database: 2, file: 3, end: 9 } as const;
type RecordType = (typeof RECORD)[keyof typeof RECORD];

export interface Manifest {
  app: 'taxportal';
  created_at: string;
  storage: 'disk' | 's3';
  database_bytes: number;
  files: number;
  /** HMAC of a fixed label under the encryption key: identifies the key without revealing it. */
  key_check: string;
}

export class BackupError extends Error {}

export const keyCheck = (encryptionKey: Buffer) =>
  createHmac('sha256', encryptionKey).update('taxportal backup key check v1').digest('hex').slice(0, 16);

function record(type: RecordType, name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const head = Buffer.alloc(1 + 4 + nameBytes.length + 8);
  head[0] = type;
  head.writeUInt32BE(nameBytes.length, 1);
  nameBytes.copy(head, 5);
  head.writeBigUInt64BE(BigInt(size), 5 + nameBytes.length);
  return head;
}

async function* walk(dir: string, base = dir): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full, base);
    else if (e.isFile() && !e.name.endsWith('.part')) yield path.relative(base, full).split(path.sep).join('/');
  }
}

const dirHasEntries = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

function embeddedOnly(config: Config) {
  if (config.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump or point-in-time recovery (README, "Backup and restore").',
    );
}

export interface BackupOptions {
  config: Config;
  encryptionKey: Buffer;
  passphrase: string;
  out: string;
  /** Take the snapshot although DATA_DIR/db/postmaster.pid exists (a server killed, not running). */
  force?: boolean;
}

/** Writes the archive; the portal must be stopped (the embedded database has one owner). */
export async function backupDataDir(o: BackupOptions): Promise<Manifest> {
  embeddedOnly(o.config);
  const dbDir = path.join(o.config.DATA_DIR, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`no embedded database in ${dbDir}`);
  if (fs.existsSync(path.join(dbDir, 'postmaster.pid')) && !o.force)
    throw new BackupError(
      `the portal looks to be running on ${o.config.DATA_DIR} (db/postmaster.pid): stop it first, the embedded ` +
        'database has one owner. If no server is running (one was killed), pass --force.',
    );
  const pg = newPglite(dbDir);
  let dump: Buffer;
  try {
    // Opened and checked first: dumpDataDir on a database still starting never settles.
    await pg.query('select count(*) from users');
    dump = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer());
  } finally {
    await pg.close();
  }
  const filesDir = path.join(o.config.DATA_DIR, 'files');
  const files: string[] = [];
  if (o.config.STORAGE === 'disk') for await (const f of walk(filesDir)) files.push(f);
  const manifest: Manifest = {
    app: 'taxportal',
    created_at: new Date().toISOString(),
    storage: o.config.STORAGE,
    database_bytes: dump.length,
    files: files.length,
    key_check: keyCheck(o.encryptionKey),
  };
  async function* payload() {
    const m = Buffer.from(JSON.stringify(manifest));
    yield record(RECORD.manifest, 'manifest.json', m.length);
    yield m;
    yield record(RECORD.database, 'db.tar', dump.length);
    yield dump;
    for (const name of files) {
      const full = path.join(filesDir, ...name.split('/'));
      const { size } = await fsp.stat(full);
      yield record(RECORD.file, name, size);
      let sent = 0;
      for await (const piece of fs.createReadStream(full)) {
        sent += (piece as Buffer).length;
        yield piece as Buffer;
      }
      if (sent !== size) throw new BackupError(`${name} changed while it was read`);
    }
    yield record(RECORD.end, '', 0);
  }
  await fsp.mkdir(path.dirname(path.resolve(o.out)), { recursive: true });
  await writeArchive(o.out, o.passphrase, payload());
  return manifest;
}

interface Sink {
  manifest(m: Manifest): Promise<void>;
  database(bytes: Buffer): Promise<void>;
  fileStart(name: string): Promise<(piece: Buffer | null) => Promise<void>>;
}

/** Reads every record of the archive; with no sink it only verifies (every chunk authenticated, every record whole). */
async function readRecords(archive: string, passphrase: string, sink?: Sink): Promise<Manifest> {
  const r = byteReader(readArchive(archive, passphrase)[Symbol.asyncIterator]());
  let manifest: Manifest | null = null;
  for (;;) {
    const type = (await r.take(1))[0] as RecordType;
    const nameLen = (await r.take(4)).readUInt32BE(0);
    if (nameLen > 4096) throw new ArchiveError('damaged record');
    const name = (await r.take(nameLen)).toString('utf8');
    const size = Number((await r.take(8)).readBigUInt64BE(0));
    if (type === RECORD.end) {
      await r.end();
      break;
    }
    if (type === RECORD.manifest || type === RECORD.database) {
      const bytes = Buffer.from(await r.take(size));
      if (type === RECORD.manifest) {
        manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
        if (manifest.app !== 'taxportal') throw new ArchiveError('not a Tax Portal backup');
        await sink?.manifest(manifest);
      } else await sink?.database(bytes);
    } else if (type === RECORD.file) {
      if (!/^[0-9A-Za-z._-]+(\/[0-9A-Za-z._-]+)*$/.test(name) || name.split('/').includes('..'))
        throw new ArchiveError(`unsafe file name in archive: ${JSON.stringify(name)}`);
      const write = await sink?.fileStart(name);
      let left = size;
      while (left > 0) {
        const piece = await r.some(Math.min(left, 1024 * 1024));
        if (!piece.length) throw new ArchiveError('the archive ends inside a file');
        left -= piece.length;
        await write?.(piece);
      }
      await write?.(null);
    } else throw new ArchiveError(`unknown record type ${type}`);
  }
  if (!manifest) throw new ArchiveError('the archive has no manifest');
  return manifest;
}

export interface RestoreOptions {
  config: Config;
  /** Loads the key the portal will run with (platform/secrets.ts); called after the archive is verified. */
  encryptionKey: () => Buffer;
  passphrase: string;
  archive: string;
  /** Replace a DATA_DIR that holds data; the data found there is moved aside, not deleted. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the replaced data went (with --force), or null. */
  movedAside: string | null;
}

/**
 * Verifies the whole archive, checks the key, unpacks it beside the data, checks that the database opens, and
 * only then puts it in place. Nothing in DATA_DIR changes until every check has passed.
 */
export async function restoreDataDir(o: RestoreOptions): Promise<RestoreResult> {
  embeddedOnly(o.config);
  const dataDir = o.config.DATA_DIR;
  const dbDir = path.join(dataDir, 'db');
  const filesDir = path.join(dataDir, 'files');
  const occupied = dirHasEntries(dbDir) || dirHasEntries(filesDir);
  if (occupied && !o.force)
    throw new BackupError(
      `${dataDir} already holds data (db/ or files/): restore refuses to overwrite it. Stop the portal and pass ` +
        '--force to replace it (the current data is moved aside, not deleted).',
    );
  if (fs.existsSync(path.join(dbDir, 'postmaster.pid')))
    throw new BackupError(`the portal looks to be running on ${dataDir} (db/postmaster.pid): stop it first.`);

  const manifest = await readRecords(o.archive, o.passphrase);
  if (manifest.key_check !== keyCheck(o.encryptionKey()))
    throw new BackupError(
      'the encryption key the portal would use is not the one this backup was made with, so its documents and ' +
        'sealed fields could not be read. Put the original key back first (ENCRYPTION_KEY, or the key file), ' +
        `then restore. (Key check of the archive: ${manifest.key_check}.)`,
    );

  fs.mkdirSync(dataDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const staging = path.join(dataDir, `.restore-${stamp}-${randomBytes(3).toString('hex')}`);
  fs.mkdirSync(path.join(staging, 'files'), { recursive: true, mode: 0o700 });
  try {
    let dump: Buffer | null = null;
    await readRecords(o.archive, o.passphrase, {
      manifest: async () => {},
      database: async (bytes) => {
        dump = bytes;
      },
      fileStart: async (name) => {
        const full = path.join(staging, 'files', ...name.split('/'));
        await fsp.mkdir(path.dirname(full), { recursive: true, mode: 0o700 });
        const out = await fsp.open(full, 'wx', 0o600);
        return async (piece) => {
          if (piece) await out.write(piece);
          else {
            await out.sync();
            await out.close();
          }
        };
      },
    });
    if (!dump) throw new ArchiveError('the archive has no database');
    const pg = newPglite(path.join(staging, 'db'), new Blob([dump]));
    try {
      await pg.query('select count(*) from users');
    } finally {
      await pg.close();
    }
    let movedAside: string | null = null;
    if (occupied) {
      movedAside = path.join(dataDir, `replaced-${stamp}`);
      fs.mkdirSync(movedAside);
      for (const d of ['db', 'files'])
        if (fs.existsSync(path.join(dataDir, d))) fs.renameSync(path.join(dataDir, d), path.join(movedAside, d));
    } else {
      fs.rmSync(dbDir, { recursive: true, force: true });
      fs.rmSync(filesDir, { recursive: true, force: true });
    }
    fs.renameSync(path.join(staging, 'db'), dbDir);
    fs.renameSync(path.join(staging, 'files'), filesDir);
    return { manifest, movedAside };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
