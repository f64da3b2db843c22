import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import type { SmsProvider } from '../platform/sms.ts';
import type { FileStore } from '../platform/storage/index.ts';

/** What the client import needs: the vault's store for the files, mail and text for the invitations. */
export interface ClientImportDeps {
  db: Db;
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL'>;
  files: FileStore;
  sessionSecret: Buffer;
  publicUrl: string;
  mailer: Mailer;
  sms: SmsProvider | null;
  log: FastifyBaseLogger;
  firmName: (db: Tx) => Promise<string>;
  firmCountry: (db: Tx) => Promise<string>;
}

/** The Admin acting, and from where (the audit trail). */
export interface Actor {
  userId: string;
  ip: string;
}
