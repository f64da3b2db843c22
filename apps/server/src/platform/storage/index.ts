import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@taxportal/contract';
import type { Config } from '../config.ts';
import { AppError, isNoSpace } from '../errors.ts';
import { DecryptStream, unwrapKey, wrapKey } from './crypto-stream.ts';
import { configuredDriver } from './configured-driver.ts';
import type { BlobDriver, StoredObject } from './drivers.ts';
import { sealPool, SinkStoppedError, type SealResult } from './seal-pool.ts';

export type { BlobDriver, StoredObject } from './drivers.ts';
export { createMediaStore, type MediaStore } from './media-store.ts';
export { sweepEvery, sweepStore } from './sweep.ts';

export interface StoredFile {
  storageKey: string;
  wrappedKey: string;
  sizeBytes: number;
  sha256: string;
}

export type FileRef = Pick<StoredFile, 'storageKey' | 'wrappedKey' | 'sha256'>;

/**
 * Encrypted file storage. Every file a feature stores must be referenced by a row of `documents`
 * (storage_key or thumb_storage_key): the sweeper removes any stored file no row names once it is older
 * than its grace period.
 */
export interface FileStore {
  /** Streams plaintext in; encrypts with a fresh per-file AES-256-GCM key wrapped by the master key, on the
   *  sealing threads (seal-pool.ts); never holds the whole file in memory; durable when it resolves.
   *  Rejects (AppError 413, SPEC's texts) past maxBytes, cleaning up. */
  put(source: Readable | Buffer, opts?: { maxBytes?: number }): Promise<StoredFile>;
  /** Decrypting stream; fails (stream error) if the tag or the sha256 does not match. */
  open(file: FileRef): Promise<Readable>;
  read(file: FileRef): Promise<Buffer>;
  remove(storageKey: string): Promise<void>;
  /** Every stored object with its last write time (for the sweeper); includes unfinished writes. */
  list(): AsyncIterable<StoredObject>;
  /** Which driver: 'disk' or 's3'. */
  readonly kind: 'disk' | 's3';
}

const storageFull = (cause: unknown) => new AppError('insufficient_storage', UPLOAD_MESSAGES.storageFull, { cause });

export const fileTooLarge = () =>
  new AppError('payload_too_large', UPLOAD_MESSAGES.fileSizeExceeded, {
    errors: [{ field: 'file', message: UPLOAD_MESSAGES.fileSizeHint }],
  });

/** A new random storage key: 128 bits, hex. Never derived from a file name. */
export const newStorageKey = (): string => randomBytes(16).toString('hex');

export function fileStoreOn(driver: BlobDriver, masterKey: Buffer, kind: FileStore['kind']): FileStore {
  if (masterKey.length !== 32) throw new Error('the master encryption key must be 32 bytes');
  const putSealed = async (source: Readable | Buffer, opts: { maxBytes?: number }): Promise<StoredFile> => {
    const o = { dataKey: randomBytes(32), maxBytes: opts.maxBytes ?? MAX_UPLOAD_BYTES, tooLarge: fileTooLarge };
    const storageKey = newStorageKey();
    const input = Buffer.isBuffer(source) ? [source] : source;
    let sealed: SealResult;
    if (driver.stage) {
      // Local disk: the sealing thread writes the file itself; the event loop only forwards plaintext.
      const staged = await driver.stage(storageKey);
      try {
        sealed = await sealPool.sealToFile(input, staged.path, o);
        await staged.publish();
      } catch (err) {
        await staged.discard().catch(() => {});
        throw err;
      }
    } else {
      // The driver consumes the sealed stream as it is produced: back-pressure keeps memory bounded. Both
      // sides are awaited to the end, so that on a refusal nothing is still writing when we clean up.
      const job = sealPool.sealToStream(input, o);
      const [written, done] = await Promise.allSettled([
        driver.write(storageKey, job.sealed).catch((err: unknown) => {
          job.sealed.destroy(); // stops the sealing, which unblocks the producer (if the driver has not)
          throw err;
        }),
        job.done,
      ]);
      if (done.status === 'rejected' || written.status === 'rejected') {
        await driver.remove(storageKey).catch(() => {});
        // The refusal (413, a broken source) if it came from the input; the driver's error if it gave up.
        throw done.status === 'rejected' && !(done.reason instanceof SinkStoppedError)
          ? done.reason
          : (written as PromiseRejectedResult).reason;
      }
      sealed = done.value;
    }
    return { storageKey, wrappedKey: wrapKey(masterKey, o.dataKey), sizeBytes: sealed.size, sha256: sealed.sha256 };
  };
  const store: FileStore = {
    kind,
    async put(source, opts = {}) {
      try {
        return await putSealed(source, opts);
      } catch (err) {
        // A full disk is the operator's problem, not a bug: 507, and (as for any refusal) nothing is kept.
        throw isNoSpace(err) ? storageFull(err) : err;
      }
    },

    async open(file) {
      const dataKey = unwrapKey(masterKey, file.wrappedKey);
      const raw = await driver.read(file.storageKey);
      const dec = new DecryptStream(dataKey, file.sha256);
      raw.on('error', (err) => dec.destroy(err));
      return raw.pipe(dec);
    },
    async read(file) {
      const chunks: Buffer[] = [];
      for await (const chunk of await store.open(file)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    remove: (storageKey) => driver.remove(storageKey),
    list: () => driver.list(),
  };
  return store;
}

export function createFileStore(config: Config, encryptionKey: Buffer): FileStore {
  return fileStoreOn(configuredDriver(config, 'files'), encryptionKey, config.STORAGE);
}
