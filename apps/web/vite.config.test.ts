import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { browserEndpoints } from './vite-plugins.ts';

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

describe('the endpoints the browser gets (vite-plugins.ts browserEndpoints)', () => {
  it('keeps every declared endpoint, those in groups too, with its method and path', async () => {
    const { endpoints } = await import('@taxportal/contract');
    const plugin = browserEndpoints();
    const load = plugin.load as (this: { addWatchFile(f: string): void }, id: string) => Promise<string>;
    const source = await load.call(
      { addWatchFile: () => {} },
      path.resolve(root, '../../packages/contract/src/endpoints.ts'),
    );
    const served: Record<string, unknown> = {};
    for (const m of source.matchAll(/^export const (\w+) = (.*);$/gm)) served[m[1]!] = JSON.parse(m[2]!);
    const paths = (e: unknown, at: string): string[] =>
      e && typeof e === 'object' && 'method' in e && 'path' in e
        ? [`${at} ${String(e.method)} ${String(e.path)}`]
        : Object.entries(e as object).flatMap(([k, v]) => paths(v, `${at}.${k}`));
    const declared = Object.entries(endpoints).flatMap(([k, v]) => paths(v, k));
    expect(declared.length).toBeGreaterThan(100);
    expect(Object.entries(served).flatMap(([k, v]) => paths(v, k))).toEqual(declared);
  });
});
