import { randomBytes, randomUUID, createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@taxportal/contract';
import { loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { createFileStore, type FileStore } from './index.ts';
import { PART_BYTES } from './s3-driver.ts';
import { startFakeS3, type FakeS3 } from './s3-test-server.ts';

const master = randomBytes(32);
const collect = async (it: AsyncIterable<{ storageKey: string }>) => {
  const out: string[] = [];
  for await (const o of it) out.push(o.storageKey);
  return out;
};
/** A stream of `total` random-ish bytes in 64 KiB chunks, never held whole. */
function chunked(total: number, seed = 7): { stream: Readable; sha: string } {
  const block = Buffer.alloc(64 * 1024, seed);
  const h = createHash('sha256');
  let left = total;
  while (left > 0) {
    const n = Math.min(left, block.length);
    h.update(block.subarray(0, n));
    left -= n;
  }
  left = total;
  const stream = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, block.length);
      left -= n;
      this.push(Buffer.from(block.subarray(0, n)));
    },
  });
  return { stream, sha: h.digest('hex') };
}

function contract(
  name: string,
  make: () => Promise<{ store: FileStore; raw: (key: string) => Buffer; tamper: (key: string) => void }>,
) {
  describe(name, () => {
    let store: FileStore;
    let raw: (key: string) => Buffer;
    let tamper: (key: string) => void;
    beforeAll(async () => {
      ({ store, raw, tamper } = await make());
    });

    it('round-trips a buffer, encrypted at rest with its own key', async () => {
      const plain = Buffer.from(`tax secret ${randomUUID()} `.repeat(50));
      const a = await store.put(plain);
      const b = await store.put(plain);
      expect(a.storageKey).toMatch(/^[0-9a-f]{32}$/);
      expect(a.sizeBytes).toBe(plain.length);
      expect(a.sha256).toBe(createHash('sha256').update(plain).digest('hex'));
      expect(a.wrappedKey).not.toBe(b.wrappedKey);
      expect(raw(a.storageKey).includes(plain.subarray(0, 40))).toBe(false);
      expect(raw(a.storageKey).equals(raw(b.storageKey))).toBe(false);
      expect((await store.read(a)).equals(plain)).toBe(true);
    });

    it('streams a large file in and out (multipart on S3)', async () => {
      const size = 2 * PART_BYTES + 12345;
      const { stream, sha } = chunked(size);
      const f = await store.put(stream, { maxBytes: size });
      expect(f.sizeBytes).toBe(size);
      expect(f.sha256).toBe(sha);
      const h = createHash('sha256');
      let n = 0;
      for await (const c of await store.open(f)) {
        h.update(c as Buffer);
        n += (c as Buffer).length;
      }
      expect(n).toBe(size);
      expect(h.digest('hex')).toBe(sha);
    });

    it('refuses past maxBytes with SPEC texts and leaves nothing behind', async () => {
      const before = await collect(store.list());
      const err = await store.put(chunked(MAX_UPLOAD_BYTES + 1).stream).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(413);
      expect((err as AppError).detail).toBe(UPLOAD_MESSAGES.fileSizeExceeded);
      expect(await collect(store.list())).toEqual(before);
    });

    it('fails the read of a tampered file, of a wrong sha256 and of a wrong key', async () => {
      const plain = Buffer.from('1099-INT interest 1234.56');
      const f = await store.put(plain);
      await expect(store.read({ ...f, sha256: '0'.repeat(64) })).rejects.toThrow(/sha256/);
      await expect(store.read({ ...f, wrappedKey: (await store.put(plain)).wrappedKey })).rejects.toThrow();
      tamper(f.storageKey);
      await expect(store.read(f)).rejects.toThrow();
    });

    it('lists and removes; removing twice is fine; keys are checked', async () => {
      const f = await store.put(Buffer.from('x'));
      expect(await collect(store.list())).toContain(f.storageKey);
      await store.remove(f.storageKey);
      await store.remove(f.storageKey);
      expect(await collect(store.list())).not.toContain(f.storageKey);
      await expect(store.remove('../../etc/passwd')).rejects.toThrow(/invalid storage key/);
    });
  });
}

let dir: string;
contract('disk driver', async () => {
  dir = path.join(os.tmpdir(), `tp-store-${randomUUID()}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
  const fileOf = (key: string) => path.join(dir, 'files', key.slice(0, 2), key);
  return {
    store: createFileStore(config, master),
    raw: (key) => fs.readFileSync(fileOf(key)),
    tamper: (key) => {
      const b = fs.readFileSync(fileOf(key));
      b[b.length - 20] = b[b.length - 20]! ^ 1;
      fs.writeFileSync(fileOf(key), b);
    },
  };
});

let s3: FakeS3;
contract('S3 driver (real @aws-sdk/client-s3 against an S3-compatible server on loopback)', async () => {
  s3 = await startFakeS3('tax-docs');
  const config = loadConfig({
    NODE_ENV: 'test',
    STORAGE: 's3',
    S3_BUCKET: 'tax-docs',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test-key',
    S3_SECRET_ACCESS_KEY: 'test-secret',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const store = createFileStore(config, master);
  expect(store.kind).toBe('s3');
  return {
    store,
    raw: (key) => s3.objects.get(`files/${key}`)!.body,
    tamper: (key) => {
      const o = s3.objects.get(`files/${key}`)!;
      o.body[20] = o.body[20]! ^ 1;
    },
  };
});

describe('S3 requests', () => {
  it('are signed by the SDK (SigV4) and use multipart for large files', () => {
    expect(s3.requests.length).toBeGreaterThan(5);
    expect(s3.requests.every((r) => r.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=test-key/'))).toBe(true);
    expect(s3.requests.some((r) => r.method === 'POST' && r.url.includes('uploads'))).toBe(true);
    expect(s3.requests.some((r) => r.url.includes('list-type=2'))).toBe(true);
  });
});

describe('storage configuration', () => {
  it('explains what is missing for S3', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE: must be 'disk' or 's3'/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET: must be an S3 bucket name/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({}).STORAGE).toBe('disk');
  });
});

afterAll(async () => {
  await s3?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
