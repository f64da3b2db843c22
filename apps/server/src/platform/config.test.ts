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

  it('generates keys once on the embedded default and keeps them owner-only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-secrets-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = loadSecrets(config);
    const second = loadSecrets(config);
    expect(first.encryptionKey.length).toBe(32);
    expect(second.sessionSecret.equals(first.sessionSecret)).toBe(true);
    expect(fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });
});
