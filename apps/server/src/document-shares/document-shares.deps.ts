import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import type { FileStore } from '../platform/storage/index.ts';

/** What share links need: the vault's store and clock (app.ts hands the vault's), mail, the token key. */
export interface DocumentSharesDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  /** HMAC key of the tokens (platform/share-tokens.ts). */
  sessionSecret: Buffer;
  publicUrl: string;
  /** The clock every check reads: injectable, so tests move past a link's or a consent's expiry. */
  now: () => Date;
  log: FastifyBaseLogger;
  firmName: (db: Tx) => Promise<string>;
}
