import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { HEADER_BYTES } from './crypto-stream.ts';
import { fileStoreOn, fileTooLarge } from './index.ts';
import { diskDriver } from './disk-driver.ts';
import type { BlobDriver } from './drivers.ts';
import { RING_BYTES, SealPool, sealPool } from './seal-pool.ts';

const dir = path.join(os.tmpdir(), `tp-seal-${randomUUID()}`);
fs.mkdirSync(dir, { recursive: true });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const opts = (maxBytes = 64 * 1024 * 1024) => ({ dataKey: randomBytes(32), maxBytes, tooLarge: fileTooLarge });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `total` bytes in `chunk`-sized pieces; `fail` makes the stream error after that many bytes. */
function source(total: number, o: { chunk?: number; fail?: number; onChunk?: (sent: number) => void } = {}) {
  const chunk = o.chunk ?? 64 * 1024;
  let sent = 0;
  return new Readable({
    read() {
      if (o.fail !== undefined && sent >= o.fail) return this.destroy(new Error('client went away'));
      if (sent >= total) return this.push(null);
      const n = Math.min(chunk, total - sent);
      const b = Buffer.alloc(n, sent % 251);
      sent += n;
      o.onChunk?.(sent);
      this.push(b);
    },
  });
}

describe('sealing threads', () => {
  it('seal many files at once on at most `threads` workers, each with its own sha256', async () => {
    const pool = new SealPool(2);
    const files = Array.from({ length: 6 }, (_, i) => randomBytes(300_000 + i * 77_777));
    const results = await Promise.all(
      files.map((f, i) =>
        pool.sealToFile(Readable.from([f.subarray(0, 1000), f.subarray(1000)]), `${dir}/many-${i}`, opts()),
      ),
    );
    expect(pool.running).toBe(2);
    results.forEach((r, i) => {
      expect(r.size).toBe(files[i]!.length);
      expect(r.sha256).toBe(sha(files[i]!));
      // MAGIC | IV | ciphertext (as long as the plaintext) | tag, owner-only.
      const stat = fs.statSync(`${dir}/many-${i}`);
      expect(stat.size).toBe(HEADER_BYTES + files[i]!.length + 16);
      expect(stat.mode & 0o777).toBe(0o600);
    });
    await pool.terminate();
  });

  it('keeps every byte in order whatever the chunking: tiny, odd, ring-sized and larger than the ring', async () => {
    const pool = new SealPool(2);
    const master = fileStoreOn(diskDriver(path.join(dir, 'chunking')), randomBytes(32), 'disk');
    const sizes = [1, 7, 4093, 65_536, RING_BYTES - 1, RING_BYTES, RING_BYTES + 1, 3 * RING_BYTES + 17];
    const body = randomBytes(sizes.reduce((a, b) => a + b, 0) * 3);
    // Three rounds of the sizes, in three different orders, six uploads at once on two threads.
    const cut = (order: number[]) => {
      const out: Buffer[] = [];
      let at = 0;
      for (let r = 0; r < 3; r++)
        for (const n of order) {
          out.push(body.subarray(at, at + n));
          at += n;
        }
      return out;
    };
    const orders = [sizes, [...sizes].reverse(), [...sizes].sort((a, b) => ((a * 7919) % 13) - ((b * 7919) % 13))];
    const files = await Promise.all(
      [...orders, ...orders].map((order, i) =>
        pool.sealToFile(Readable.from(cut(order)), `${dir}/chunks-${i}`, opts()),
      ),
    );
    for (const f of files) {
      expect(f.size).toBe(body.length);
      expect(f.sha256).toBe(sha(body));
    }
    // And through a store, read back byte for byte.
    const stored = await master.put(Readable.from(cut(sizes)), { maxBytes: body.length });
    expect((await master.read(stored)).equals(body)).toBe(true);
    await pool.terminate();
  });

  it('holds at most one ring of plaintext per upload: the source is never read far ahead of the worker', async () => {
    const pool = new SealPool(1);
    const file = `${dir}/bounded`;
    const chunk = 16 * 1024;
    const total = 16 * RING_BYTES;
    let maxAhead = 0;
    // Each time the source is read, compare what it has given with what the worker has written so far.
    const sealedSoFar = () => {
      try {
        return Math.max(0, fs.statSync(file).size - HEADER_BYTES);
      } catch {
        return 0;
      }
    };
    const r = await pool.sealToFile(
      source(total, { chunk, onChunk: (sent) => (maxAhead = Math.max(maxAhead, sent - sealedSoFar())) }),
      file,
      opts(),
    );
    expect(r.size).toBe(total);
    // The ring, plus a chunk or two in the stream and the async iterator.
    expect(maxAhead).toBeGreaterThan(0);
    expect(maxAhead).toBeLessThanOrEqual(RING_BYTES + 4 * chunk);
    await pool.terminate();
  });

  it('refuses past maxBytes (413) and leaves no file', async () => {
    const pool = new SealPool(1);
    const err = await pool.sealToFile(source(3 * RING_BYTES), `${dir}/big`, opts(RING_BYTES)).catch((e: unknown) => e);
    expect((err as { status?: number }).status).toBe(413);
    expect(fs.existsSync(`${dir}/big`)).toBe(false);
    // The pool goes on working.
    const ok = await pool.sealToFile([Buffer.from('after')], `${dir}/after-big`, opts());
    expect(ok.size).toBe(5);
    await pool.terminate();
  });

  it('a source that fails mid-way leaves no file', async () => {
    const pool = new SealPool(1);
    await expect(
      pool.sealToFile(source(4 * RING_BYTES, { fail: 2 * RING_BYTES }), `${dir}/broken`, opts()),
    ).rejects.toThrow(/client went away/);
    expect(fs.existsSync(`${dir}/broken`)).toBe(false);
    await pool.terminate();
  });

  it('a worker that dies fails its uploads, leaves no file behind, and is replaced for the next one', async () => {
    const root = path.join(dir, 'store');
    fs.mkdirSync(root);
    const store = fileStoreOn(diskDriver(root), randomBytes(32), 'disk');
    // A source that never ends: the worker is killed while the upload is under way.
    let stop = false;
    const endless = new Readable({
      read() {
        setTimeout(() => this.push(stop ? null : Buffer.alloc(32 * 1024, 1)), 1);
      },
    });
    const pending = store.put(endless, { maxBytes: 1 << 30 });
    const files = () => fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    while (files().length === 0) await new Promise((r) => setTimeout(r, 10)); // the .part is being written
    await sealPool.terminate();
    await expect(pending).rejects.toThrow(/sealing worker stopped/);
    stop = true;
    expect(files()).toEqual([]);
    expect(sealPool.running).toBe(0);
    const f = await store.put(Buffer.from('1040 attachment'));
    expect(sealPool.running).toBe(1);
    expect((await store.read(f)).toString()).toBe('1040 attachment');
    expect(files().map((e) => e.name)).toEqual([f.storageKey]);
  });

  it('stream mode: a driver that fails mid-upload stops the sealing and the put rejects', async () => {
    const failing: BlobDriver = {
      async write(_key, stream) {
        let n = 0;
        for await (const c of stream) {
          n += (c as Buffer).length;
          if (n > RING_BYTES) throw new Error('bucket unavailable');
        }
      },
      read: () => Promise.reject(new Error('no')),
      remove: () => Promise.resolve(),
      // eslint-disable-next-line require-yield
      async *list() {
        return;
      },
    };
    const store = fileStoreOn(failing, randomBytes(32), 's3');
    await expect(store.put(source(6 * RING_BYTES), { maxBytes: 1 << 30 })).rejects.toThrow(/bucket unavailable/);
    // and the store keeps working for a healthy driver
    const healthy = fileStoreOn(diskDriver(path.join(dir, 'healthy')), randomBytes(32), 'disk');
    const f = await healthy.put(source(3 * RING_BYTES + 5));
    expect(f.sizeBytes).toBe(3 * RING_BYTES + 5);
  });
});
