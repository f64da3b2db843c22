import { test as base, expect } from '@playwright/test';
import { demoTotpSecret, signInByApi, signInByUi } from './fixtures.ts';

/*
 * The one spec about the demo accounts and sample data the README promises. It runs in the `demo` project,
 * against a server of its own started with SEED_DEMO on (playwright.config.ts); every other spec makes its
 * own users on a server without demo data.
 */
const DEMO_PASSWORD = 'demo-pass-2026';
const DEMO_ACCOUNTS = [
  { email: 'customer@demo.test', role: 'Customer' },
  { email: 'admin@demo.test', role: 'Admin' },
  { email: 'care@demo.test', role: 'Customer Care Department' },
  { email: 'preparer@demo.test', role: 'Tax Preparer' },
  { email: 'reviewer@demo.test', role: 'Reviewer' },
] as const;

const test = base;
test.describe.configure({ timeout: 120_000 });

test('one demo account per role signs in with the README password', async ({ playwright, baseURL }) => {
  for (const account of DEMO_ACCOUNTS) {
    const request = await playwright.request.newContext({ baseURL });
    // Staff come with a TOTP app whose secret the server prints at start (derived from the e-mail).
    const totp_secret = account.role === 'Customer' ? null : demoTotpSecret(account.email);
    const res = await signInByApi(request, { email: account.email, password: DEMO_PASSWORD, totp_secret });
    expect(((await res.json()) as { login_role: string }).login_role).toBe(account.role);
    await request.dispose();
  }
});

test("Casey Customer finds the sample's four tickets of hers", async ({ page }) => {
  await signInByUi(page, 'customer@demo.test', DEMO_PASSWORD);
  await expect(page.getByTestId('welcome-card')).toContainText('Casey Customer');
  // The sample is made in the seconds after the server starts answering.
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/v1/tickets');
        return ((await res.json()) as { items: unknown[] }).items.length;
      },
      { timeout: 90_000 },
    )
    .toBe(4);
  await page.goto('/my-tickets');
  await expect(page.getByTestId('ticket-row')).toHaveCount(4);
});
