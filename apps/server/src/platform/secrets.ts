import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  /** HMAC key for session and token hashes and signed links. */
  sessionSecret: Buffer;
  /** Master key wrapping per-file and per-field keys (AES-256-GCM). */
  encryptionKey: Buffer;
}

/**
 * Configured keys win. Without them (the embedded default) keys are made once
 * and kept in DATA_DIR/secrets.json, readable by the owner only. Production
 * never gets here without keys: loadConfig refuses to start.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.SESSION_SECRET && config.ENCRYPTION_KEY) {
    return {
      sessionSecret: Buffer.from(config.SESSION_SECRET, 'utf8'),
      encryptionKey: Buffer.from(config.ENCRYPTION_KEY, 'base64'),
    };
  }
  const file = path.join(config.DATA_DIR, 'secrets.json');
  let stored: { session_secret: string; encryption_key: string };
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.chmodSync(file, 0o600);
  } else {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    stored = {
      session_secret: randomBytes(48).toString('base64'),
      encryption_key: randomBytes(32).toString('base64'),
    };
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' });
  }
  return {
    sessionSecret: Buffer.from(config.SESSION_SECRET ?? stored.session_secret, 'utf8'),
    encryptionKey: Buffer.from(config.ENCRYPTION_KEY ?? stored.encryption_key, 'base64'),
  };
}
