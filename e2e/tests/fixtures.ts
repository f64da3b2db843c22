import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { claimStaff, letters, type StaffRole, type StaffUser } from '../staff-pool.ts';

export interface TestUser {
  full_name: string;
  email: string;
  phone: string;
  password: string;
}

/** A user no other test uses: its own e-mail, in this run's fresh database. */
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  return {
    full_name: `Test Payer ${letters(8)}`,
    email: `e2e-${id}@example.test`,
    phone: `+1202555${digits}`,
    password: `pw-${id}-secret`,
    ...overrides,
  };
}

/** Creates the user through the API; the request context's cookies then hold its session. */
export async function registerByApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/api/v1/auth/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
}

/**
 * The newest mail to `to` whose text matches, from the run's mailbox (the local SMTP server of
 * playwright.config.ts files each message there): the only place a mailed reset link or code can be read.
 */
export async function readMail(to: string, match: RegExp): Promise<{ subject: string; text: string }> {
  const dir = `${process.env.E2E_DATA_DIR}-mail`;
  let found: { to: string[]; subject: string; text: string } | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
      found = files
        .sort()
        .map(
          (f) => JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')) as { to: string[]; subject: string; text: string },
        )
        .findLast((m) => m.to.includes(to.toLowerCase()) && match.test(m.text));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** A demo staff account's TOTP secret, as the server derives it and prints it at its start. */
export { demoTotpSecret } from '../../apps/server/src/platform/db/demo-totp.mjs';

/** The TOTP code of a base32 secret now, or in the next 30-second step (`next`). */
export const totpCode = (secret: string, next = false) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + (next ? 30 : 0) });

/**
 * Signs in through the UI form on /register; with a TOTP secret (staff), types the code the form then asks for.
 * A code is good once per 30-second step: one already used (the same person signed in a moment ago) is refused,
 * and the next step's code, which the server still accepts, is typed instead.
 */
export async function signInByUi(page: Page, email: string, password: string, totpSecret?: string): Promise<void> {
  await page.goto('/register');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  if (totpSecret) {
    const codeField = form.getByLabel('Authentication code');
    await codeField.fill(totpCode(totpSecret));
    await form.getByRole('button', { name: 'Verify' }).click();
    const refused = form.getByText('That code is not right, or it was used already.');
    await Promise.race([page.waitForURL(/\/dashboard$/), refused.waitFor()]);
    if (await refused.isVisible()) {
      await codeField.fill(totpCode(totpSecret, true));
      await form.getByRole('button', { name: 'Verify' }).click();
    }
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs in through the API (`request` keeps the session). An account with a TOTP secret sends its code; if this
 * step's code was used already (the same person signed in a moment ago), the next step's.
 */
export async function signInByApi(
  request: APIRequestContext,
  user: { email: string; password: string; totp_secret?: string | null },
) {
  const login = (otp?: string) =>
    request.post('/api/v1/auth/login', {
      data: { email: user.email, password: user.password, ...(otp ? { otp } : {}) },
    });
  let res = await login(user.totp_secret ? totpCode(user.totp_secret) : undefined);
  if (res.status() === 401 && user.totp_secret) res = await login(totpCode(user.totp_secret, true));
  expect(res.status(), await res.text()).toBe(200);
  return res;
}

/** A staff member signed in (through the API) in a browser context of their own, with a page open. */
export interface StaffSession {
  user: StaffUser;
  context: BrowserContext;
  page: Page;
}

type Viewport = { width: number; height: number };

type Fixtures = {
  /** A fresh customer, registered and signed in on `page`. */
  customer: TestUser;
  /** A staff account of the role no other test has, not signed in anywhere (for sign-in through the UI). */
  staffAccount: (role: StaffRole) => StaffUser;
  /**
   * Signs a fresh staff account of the role in, in a context of its own; or, given a StaffUser, that same
   * account in one more context (two browsers of one person). Contexts are closed when the test ends.
   */
  staff: (who: StaffRole | StaffUser, viewport?: Viewport) => Promise<StaffSession>;
};

/*
 * Removal: the users a test makes (customers through registration, staff from the run's pool) live in the
 * run's own database, which global teardown deletes with the run's data directory. Nothing deletes accounts
 * while the server runs: there is no account-deletion endpoint, and the embedded database cannot be opened
 * by a second process meanwhile. No test sees another's users, as every e-mail is unique to its test.
 */
/**
 * A page the server rendered (a public page for a visitor, some signed-in pages for the person signed in) loads the
 * app on the reader's first interaction (apps/web/public/boot.js): as a person would, move the pointer, then wait
 * until the app has taken the page over, before a test types into its forms. Pages the browser draws itself pass
 * at once.
 */
export async function awaitHydration(page: Page): Promise<void> {
  if ((await page.locator('#tp-prerender').count()) === 0) return;
  await page.mouse.move(1, 1);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

const hydrates = new WeakSet<Page>();
/** Every goto and reload of `page` waits for a rendered page to be hydrated (awaitHydration). */
export function hydrating(page: Page): Page {
  if (hydrates.has(page)) return page;
  hydrates.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await awaitHydration(page);
    return res;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const res = await reload(options);
    await awaitHydration(page);
    return res;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  // Every page a test opens through its fixtures (hydrating).
  page: async ({ page }, use) => {
    await use(hydrating(page));
  },
  customer: async ({ page }, use) => {
    const user = newUser();
    await registerByApi(page.request, user);
    await use(user);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  staffAccount: async ({}, use) => {
    await use(claimStaff);
  },
  staff: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (who, viewport = { width: 1280, height: 800 }) => {
      const user = typeof who === 'string' ? claimStaff(who) : who;
      const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      contexts.push(context);
      await signInByApi(context.request, user);
      return { user, context, page: hydrating(await context.newPage()) };
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});

export { expect };
