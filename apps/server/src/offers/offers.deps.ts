import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/config.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import type { Mailer } from '../platform/mail/mail.ts';

/** What offers need: mail, the clock the consents are read against, the firm's name. */
export interface OffersDeps {
  db: Db;
  config: Pick<Config, 'NODE_ENV'>;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
  firmName: (db: Tx) => Promise<string>;
}

/** The Admin acting, and from where (the audit trail). */
export interface Actor {
  userId: string;
  ip: string;
}
