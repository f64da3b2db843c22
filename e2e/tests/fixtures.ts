import { randomUUID } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO = {
  customer: 'customer@demo.test',
  admin: 'admin@demo.test',
  care: 'care@demo.test',
  preparer: 'preparer@demo.test',
  reviewer: 'reviewer@demo.test',
} as const;

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
  // Letters only, as in a real name: a run of 7+ digits typed in a search box is read as a phone number.
  const surname = [...randomUUID().replace(/-/g, '').slice(0, 8)]
    .map((c) => 'abcdefghijklmnop'[parseInt(c, 16)])
    .join('');
  return {
    full_name: `Test Payer ${surname}`,
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

/** Signs in through the UI form on /register. */
export async function signInByUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A signed-in API context of its own (separate cookies), e.g. an admin reading the outbox. */
export async function apiContextAs(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

type Fixtures = {
  /** A fresh customer, registered and signed in on `page`. */
  customer: TestUser;
};

export const test = base.extend<Fixtures>({
  customer: async ({ page }, use) => {
    const user = newUser();
    await registerByApi(page.request, user);
    await use(user);
    // The run's database is discarded afterwards (global teardown); there is no account deletion endpoint yet.
  },
});

export { expect };
