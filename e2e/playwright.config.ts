import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { staffFile, writeStaffPool } from './staff-pool.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3210);
// The journeys use `localhost`, not 127.0.0.1: WebAuthn takes its relying party from PUBLIC_URL's host name, and an
// IP address cannot be one, so passkeys (passkeys.spec.ts) need a host name; `localhost` is the one that needs no
// DNS or certificate (a secure context over plain http). One origin for the whole run, rather than a second server
// for the passkey journeys alone (a minute of start-up on a 2-core runner): nothing else depends on the IP. The
// session and device cookies are `__Host-` (Secure) on either loopback name (platform/auth/sessions.ts), the CSP
// names no host ('self'), the OIDC provider's redirect follows BASE_URL below, and the mail and SMS fakes are
// reached by the server, not the browser. The server still listens on 127.0.0.1 (Chromium and Node try
// `localhost`'s IPv4 address when ::1 refuses), and readiness is polled there (READY_URL).
const BASE_URL = `http://localhost:${PORT}`;
const READY_URL = `http://127.0.0.1:${PORT}/api/ready`;
// A second server, with the demo accounts and sample data, for demo.spec.ts alone.
const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 1);
const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
// The journeys' server sends mail by SMTP to a local capturing server, which files each message under
// `<data dir>-mail` (tests/fixtures.ts readMail): e-mailed secrets are readable nowhere else.
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 2);
// Texts go through the real Twilio SDK to a local server speaking Twilio's Messages API, which files each under
// `<data dir>-sms` (tests/sign-in-methods-helpers.ts readSmsCode). Social sign-in uses a real OpenID provider
// on loopback as "Google". Both are the server's test helpers (apps/server/src/test/), with their credentials.
const SMS_PORT = Number(process.env.E2E_SMS_PORT ?? PORT + 3);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? PORT + 4);
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;

// One fresh database per run, with this run's staff accounts (staff-pool.ts). The runner evaluates this
// file in every worker too: the first evaluation picks the directory and the workers inherit it through the
// environment.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.resolve(here, '../node_modules', `.e2e-data-${Date.now()}`);
  fs.mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });
  writeStaffPool(process.env.E2E_DATA_DIR);
}
const DATA_DIR = process.env.E2E_DATA_DIR;

/**
 * Debian's headless shell (package chromium-headless-shell, the same Chromium build without a browser UI), which
 * Playwright itself runs headless tests in: measured on the journeys, it costs about a third less CPU than the full
 * browser in its new headless mode (no GPU process compositing a UI, no WebUI renderers), and on a 2-core runner
 * CPU is the suite's time. Debian's full Chromium where the shell is not installed (E2E_CHROMIUM picks another).
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The journeys of the `firm-wide` project (below). */
const FIRM_WIDE = /engagement-hold\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 120_000,
  // A whole page load on a busy 2-core runner (two workers, three browsers) can pass 7 s.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './global-teardown.ts',
  projects: [
    // The demo spec runs first: its server makes the sample data in the seconds after it starts, and on a
    // 2-core runner that work would otherwise slow the journeys' first minutes past their timeouts.
    {
      name: 'demo',
      testMatch: /demo\.spec\.ts$/,
      testIgnore: /axe-journey-demo\.spec\.ts$/,
      use: { baseURL: DEMO_URL },
    },
    { name: 'journeys', testIgnore: [/demo\.spec\.ts$/, FIRM_WIDE], dependencies: ['demo'] },
    // Journeys that turn a firm-wide setting on which would change other journeys' outcome meanwhile (the hold at
    // Open until the engagement letter is signed holds every ticket at Open): after the journeys, one at a time.
    { name: 'firm-wide', testMatch: FIRM_WIDE, dependencies: ['journeys'] },
    // The accessibility journey reads the demo server's pages only. Listed last, it runs when the journeys are done
    // (measured at stop 43: listed first, beside the journeys, its 1280 px test took 3.8 minutes instead of 1.5, near
    // its timeout, and met pages between a redirect and their loader).
    { name: 'demo-a11y', testMatch: /axe-journey-demo\.spec\.ts$/, use: { baseURL: DEMO_URL }, dependencies: ['demo'] },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    // No transitions to wait for or paint (the theme respects the setting: app/theme.ts); contexts a test opens
    // itself pass it too (tests/fixtures.ts).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `../node_modules/.bin/tsx ../apps/server/src/test/smtp-capture.ts --port ${SMTP_PORT} --dir ${DATA_DIR}-mail`,
      cwd: here,
      port: SMTP_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `../node_modules/.bin/tsx ../apps/server/src/test/twilio-fake.ts --port ${SMS_PORT} --dir ${DATA_DIR}-sms`,
      cwd: here,
      port: SMS_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `../node_modules/.bin/tsx ../apps/server/src/test/oidc-provider.ts --port ${OIDC_PORT} --redirect ${BASE_URL}/api/v1/auth/oidc/google/callback`,
      cwd: here,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Staff can only be created from the command line, and the embedded database takes one process at a
      // time: the run's staff are created first, then the server opens the database.
      command: `../node_modules/.bin/tsx ../apps/server/src/cli/create-users.ts --file ${staffFile(DATA_DIR)} && node ../apps/server/dist/main.js`,
      cwd: here,
      url: READY_URL,
      reuseExistingServer: false,
      // Creating the database and the staff comes first (a minute on a busy 2-core machine).
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        // The generated keys beside the run's data (deleted with it), not in the home directory.
        KEY_FILE: `${DATA_DIR}-keys.json`,
        // No demo accounts or sample data: every test makes the users and data it needs (tests/fixtures.ts).
        SEED_DEMO: 'false',
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: BASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        // The fake's credentials (apps/server/src/test/twilio-fake.ts) and the local provider's client
        // (apps/server/src/test/oidc-provider.ts).
        TWILIO_ACCOUNT_SID: `AC${'0'.repeat(31)}1`,
        TWILIO_AUTH_TOKEN: 'fake-twilio-auth-token-0001',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: `http://127.0.0.1:${SMS_PORT}`,
        OIDC_GOOGLE_CLIENT_ID: 'taxportal-test',
        OIDC_GOOGLE_CLIENT_SECRET: 'taxportal-test-secret-0123456789abcdef',
        OIDC_GOOGLE_ISSUER: OIDC_ISSUER,
      },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      cwd: here,
      url: `${DEMO_URL}/api/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(DEMO_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: `${DATA_DIR}-demo`,
        KEY_FILE: `${DATA_DIR}-demo-keys.json`,
        SEED_DEMO: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: DEMO_URL,
      },
    },
  ],
});
