import { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { configuredDriver } from './configured-driver.ts';
import type { BlobDriver } from './drivers.ts';

/**
 * The public site's media store (images editors upload): the vault's driver layer (disk or S3), in a place of its
 * own (`DATA_DIR/media`, or the `media/` prefix of the bucket), **not encrypted**: everything in it is published
 * to anyone. Keys are content-addressed (the first 128 bits of the file's SHA-256), so a name never changes meaning
 * and readers may cache it for ever. Never put a private file here; the vault is `FileStore`.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Durable when it resolves; writing the same key again writes the same bytes. */
  put(key: string, bytes: Buffer): Promise<void>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  list: BlobDriver['list'];
}

export function mediaStoreOn(driver: BlobDriver, kind: MediaStore['kind']): MediaStore {
  return {
    kind,
    put: (key, bytes) => driver.write(key, Readable.from([bytes])),
    open: (key) => driver.read(key),
    remove: (key) => driver.remove(key),
    list: () => driver.list(),
  };
}

export const createMediaStore = (config: Config): MediaStore =>
  mediaStoreOn(configuredDriver(config, 'media'), config.STORAGE);
