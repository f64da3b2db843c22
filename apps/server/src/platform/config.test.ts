import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loadSecrets } from './secrets.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATA_DIR).toBe(path.resolve('./data'));
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toContain('NODE_ENV');
    }
  });

  it('refuses to start in production without keys, and never seeds demo users there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(/SESSION_SECRET[\s\S]*ENCRYPTION_KEY/);
    const c = loadConfig({
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      PUBLIC_URL: 'https://portal.example',
      SESSION_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    });
    expect(c.SEED_DEMO).toBe(false);
  });

  const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'tp-secrets-'));

  it('keeps the generated keys outside DATA_DIR, owner-only, by default under the config directory', () => {
    const home = tempDir();
    const dataDir = path.join(tempDir(), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, XDG_CONFIG_HOME: home });
    expect(path.dirname(config.KEY_FILE)).toBe(path.join(home, 'taxportal'));
    expect(path.basename(config.KEY_FILE)).toMatch(/^keys-data-[0-9a-f]{12}\.json$/);
    // Another data directory gets a key file of its own.
    expect(loadConfig({ DATA_DIR: `${dataDir}2`, XDG_CONFIG_HOME: home }).KEY_FILE).not.toBe(config.KEY_FILE);
    const first = loadSecrets(config, () => {});
    const second = loadSecrets(config, () => {});
    expect(first.encryptionKey.length).toBe(32);
    expect(second.sessionSecret.equals(first.sessionSecret)).toBe(true);
    expect(fs.statSync(config.KEY_FILE).mode & 0o777).toBe(0o600);
    // Nothing in DATA_DIR can decrypt it: only the key's fingerprint is there.
    const inData = fs.readdirSync(dataDir).map((f) => fs.readFileSync(path.join(dataDir, f), 'utf8'));
    expect(inData.join('')).not.toContain(first.encryptionKey.toString('base64'));
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('names the missing key of an existing data directory instead of making a new one', () => {
    const dataDir = tempDir();
    const keyFile = path.join(tempDir(), 'keys.json');
    const config = loadConfig({ DATA_DIR: dataDir, KEY_FILE: keyFile });
    loadSecrets(config, () => {});
    fs.rmSync(keyFile);
    expect(() => loadSecrets(config, () => {})).toThrowError(ConfigError);
    expect(() => loadSecrets(config, () => {})).toThrowError(
      /keys of the data in .* are missing: expected in .*keys\.json/,
    );
    expect(fs.existsSync(keyFile)).toBe(false);
    // A key file of other data is refused too.
    loadSecrets(loadConfig({ DATA_DIR: tempDir(), KEY_FILE: keyFile }), () => {});
    expect(() => loadSecrets(config, () => {})).toThrowError(/another key/);
    // Encrypted files with no key anywhere are not given a fresh key either.
    const older = tempDir();
    fs.mkdirSync(path.join(older, 'files', 'ab'), { recursive: true });
    expect(() => loadSecrets(loadConfig({ DATA_DIR: older, KEY_FILE: `${keyFile}.x` }), () => {})).toThrowError(
      /missing/,
    );
  });

  it('moves a secrets.json left in DATA_DIR by an older version out to the key file, and says so', () => {
    const dataDir = tempDir();
    const legacy = { session_secret: 's'.repeat(64), encryption_key: Buffer.alloc(32, 9).toString('base64') };
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify(legacy), { mode: 0o600 });
    const keyFile = path.join(tempDir(), 'nested', 'keys.json');
    const notes: string[] = [];
    const secrets = loadSecrets(loadConfig({ DATA_DIR: dataDir, KEY_FILE: keyFile }), (m) => notes.push(m));
    expect(secrets.encryptionKey.equals(Buffer.alloc(32, 9))).toBe(true);
    expect(secrets.sessionSecret.toString()).toBe(legacy.session_secret);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    expect(JSON.parse(fs.readFileSync(keyFile, 'utf8')).encryption_key).toBe(legacy.encryption_key);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(notes.join('\n')).toContain(`${path.join(dataDir, 'secrets.json')} -> ${keyFile}`);
    // The next start reads the moved key.
    const again = loadSecrets(loadConfig({ DATA_DIR: dataDir, KEY_FILE: keyFile }), () => {});
    expect(again.encryptionKey.equals(secrets.encryptionKey)).toBe(true);
  });
});
