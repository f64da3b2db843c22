import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config.ts';

export interface Secrets {
  /** HMAC key for session and token hashes and signed links. */
  sessionSecret: Buffer;
  /** Master key wrapping per-file and per-field keys (AES-256-GCM). */
  encryptionKey: Buffer;
}

interface StoredKeys {
  session_secret: string;
  encryption_key: string;
}

/** What DATA_DIR says about its key: a fingerprint, not the key (docs/decisions/0011). */
const KEY_ID_FILE = 'key-id';
/** Where keys were kept before they moved out of DATA_DIR. */
const LEGACY_FILE = 'secrets.json';

const keyId = (keys: StoredKeys) =>
  createHash('sha256').update(`taxportal-key-id:${keys.encryption_key}`).digest('hex').slice(0, 16);

function writeKeyFile(file: string, keys: StoredKeys, dataDir: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const body = JSON.stringify({ data_dir: dataDir, ...keys }, null, 2);
  fs.writeFileSync(file, body, { mode: 0o600, flag: 'wx' });
}

/**
 * Data made with some key: a key-id, or stored (encrypted) files. An embedded database alone does not count:
 * `create-users` and `db:migrate` make one before the first start.
 */
function holdsData(dataDir: string): boolean {
  if (fs.existsSync(path.join(dataDir, KEY_ID_FILE))) return true;
  const files = path.join(dataDir, 'files');
  return fs.existsSync(files) && fs.readdirSync(files).length > 0;
}

/**
 * Configured keys win. Without them (the embedded default) keys are made once and kept in KEY_FILE, outside
 * DATA_DIR (by default under ~/.config/taxportal/), readable by the owner only; DATA_DIR keeps only the key's
 * fingerprint, so a missing or wrong key file is named instead of a new key being made that cannot decrypt
 * the data. A `secrets.json` left in DATA_DIR by an older version is moved to KEY_FILE. Production never gets
 * here without keys: loadConfig refuses to start.
 */
export function loadSecrets(config: Config, notify: (message: string) => void = console.warn): Secrets {
  if (config.SESSION_SECRET && config.ENCRYPTION_KEY) {
    return {
      sessionSecret: Buffer.from(config.SESSION_SECRET, 'utf8'),
      encryptionKey: Buffer.from(config.ENCRYPTION_KEY, 'base64'),
    };
  }
  const file = config.KEY_FILE;
  const dataDir = config.DATA_DIR;
  const idFile = path.join(dataDir, KEY_ID_FILE);
  const legacy = path.join(dataDir, LEGACY_FILE);
  const read = (f: string) => JSON.parse(fs.readFileSync(f, 'utf8')) as StoredKeys;

  if (fs.existsSync(legacy)) {
    const old = read(legacy);
    if (!fs.existsSync(file)) {
      writeKeyFile(file, old, dataDir);
    } else if (keyId(read(file)) !== keyId(old)) {
      throw new ConfigError(
        `Two different keys for ${dataDir}: ${legacy} (from an older version) and ${file}. Keep the one the data was made with and remove the other.`,
      );
    }
    fs.writeFileSync(idFile, keyId(old));
    fs.rmSync(legacy);
    notify(`Moved the generated keys out of the data directory: ${legacy} -> ${file} (back this file up).`);
  }

  let stored: StoredKeys;
  if (fs.existsSync(file)) {
    stored = read(file);
    fs.chmodSync(file, 0o600);
  } else if (holdsData(dataDir)) {
    throw new ConfigError(
      `The keys of the data in ${dataDir} are missing: expected in ${file}. Restore that file, point KEY_FILE at ` +
        'it, or set SESSION_SECRET and ENCRYPTION_KEY. No new key is made: it could not decrypt the existing data.',
    );
  } else {
    stored = {
      session_secret: randomBytes(48).toString('base64'),
      encryption_key: randomBytes(32).toString('base64'),
    };
    writeKeyFile(file, stored, dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(idFile, keyId(stored));
    notify(`Generated the keys of ${dataDir} in ${file} (owner-only). Back this file up with the data.`);
  }
  if (fs.existsSync(idFile) && fs.readFileSync(idFile, 'utf8').trim() !== keyId(stored)) {
    throw new ConfigError(
      `${file} holds another key than the one the data in ${dataDir} was made with (see ${idFile}). Restore the right key file or set KEY_FILE.`,
    );
  } else if (!fs.existsSync(idFile)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(idFile, keyId(stored));
  }
  return {
    sessionSecret: Buffer.from(config.SESSION_SECRET ?? stored.session_secret, 'utf8'),
    encryptionKey: Buffer.from(config.ENCRYPTION_KEY ?? stored.encryption_key, 'base64'),
  };
}
