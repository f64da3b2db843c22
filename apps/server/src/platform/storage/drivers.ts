import type { Readable } from 'node:stream';

/** A stored object's name and when it was last written (the sweeper's grace period counts from it). */
export interface StoredObject {
  storageKey: string;
  modifiedAt: Date;
}

/** A local object being written: the writer fills `path` (and syncs it); `publish` makes it the object. */
export interface StagedObject {
  path: string;
  /** Atomic and durable: renames into place and syncs the directory. */
  publish(): Promise<void>;
  /** Removes the unfinished file (idempotent). */
  discard(): Promise<void>;
}

/** Where the encrypted bytes go. Keys are the store's own random names, never user input. */
export interface BlobDriver {
  /** Writes the whole stream under `key`; a reader never sees a half-written object; durable once resolved. */
  write(key: string, source: Readable): Promise<void>;
  /** Local drivers only: a file the store's sealing thread writes itself (no bytes through the event loop). */
  stage?(key: string): Promise<StagedObject>;
  read(key: string): Promise<Readable>;
  /** Idempotent: removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /** Every object, including unfinished writes a crash left behind. */
  list(): AsyncIterable<StoredObject>;
}

/** Random store keys are 32 hex characters; unfinished local writes end in `.part`. */
export const STORAGE_KEY = /^[0-9a-f]{32}(\.part)?$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
}
