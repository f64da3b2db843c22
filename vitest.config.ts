import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './scripts/vitest-sequencer.ts';

/**
 * The server's test files that never open the test database (test/db.ts testDatabase): pure units, and the ones
 * that start servers or open embedded databases of their own. They run in `server-standalone`, whatever database the
 * `server` project uses (PGlite, or PostgreSQL with TEST_DATABASE_URL, as CI runs it: .ci/run). A file listed
 * here that asks for the test database fails (TP_TEST_DATABASE=none), so the list cannot hide a test from
 * PostgreSQL.
 */
const STANDALONE = [
  'src/main.test.ts',
  'src/cli/backup.test.ts',
  'src/auth/devices.test.ts',
  'src/billing/money.test.ts',
  'src/platform/audit.test.ts',
  'src/platform/config.test.ts',
  'src/platform/errors.test.ts',
  'src/platform/field-crypto.test.ts',
  'src/platform/node-options.test.ts',
  'src/platform/people-dates.test.ts',
  'src/platform/prerender.test.ts',
  'src/platform/web.test.ts',
  'src/platform/storage/seal-pool.test.ts',
  'src/platform/storage/storage.test.ts',
  'src/site/published-cache.test.ts',
];

const server = {
  root: 'apps/server',
  environment: 'node',
  globalSetup: ['src/test/global-setup.ts'],
  // One embedded database per worker, reset between files (see src/test/db.ts).
  pool: 'forks',
  isolate: false,
  testTimeout: 20_000,
  hookTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one of them idle (cores - 1), half the machine on a 2-core runner.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { ...server, name: 'server', include: ['src/**/*.test.ts'], exclude: STANDALONE } },
      {
        test: {
          ...server,
          name: 'server-standalone',
          include: STANDALONE,
          env: { TP_TEST_DATABASE: 'none' },
        },
      },
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web-build',
          root: 'apps/web',
          include: ['vite.config.test.ts', 'bundle-budget.test.ts'],
          environment: 'node',
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
