import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import type { RealtimeHub } from '../platform/realtime.ts';
import type { FileStore } from '../platform/storage/index.ts';

/**
 * What the vault is built from, and with it the features built on it (document requests, questionnaire, drafts,
 * e-signing): app.ts hands all five one object, so one file store and one clock.
 */
export interface DocumentsDeps {
  db: Db;
  config: Config;
  /** Master key: wraps each file's and each field's own key (AES-256-GCM). */
  encryptionKey: Buffer;
  /** HMAC key for signed links. */
  sessionSecret: Buffer;
  mailer: Mailer;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The clock: injectable so tests can move past a grace period or a reminder date. */
  now: () => Date;
  /** Encrypted file storage (disk or S3): uploads, thumbnails, drafts, signed forms. */
  files: FileStore;
}
