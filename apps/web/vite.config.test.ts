import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.dirname(fileURLToPath(import.meta.url));
const saved = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = saved;
});

describe('the web build', () => {
  it('is a production build even when NODE_ENV says development', async () => {
    process.env.NODE_ENV = 'development';
    const config = await resolveConfig({ root, configFile: path.join(root, 'vite.config.ts') }, 'build');
    expect(config.isProduction).toBe(true);
    expect(process.env.NODE_ENV).toBe('production');
  });
});
