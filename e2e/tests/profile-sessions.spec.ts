import { expect, test } from './fixtures.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test("the profile's sessions list ends another browser's session at once", async ({
  page,
  customer,
  browser,
  baseURL,
}) => {
  // The same person on a phone: another browser context, signed in there.
  const phone = await browser.newContext({ baseURL, userAgent: IPHONE, viewport: { width: 390, height: 844 } });
  const res = await phone.request.post('/api/v1/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(res.status()).toBe(200);
  const phonePage = await phone.newPage();
  await phonePage.goto('/my-profile');
  await expect(phonePage.getByTestId('profile-email')).toHaveText(customer.email);

  await page.goto('/my-profile/security');
  const rows = page.getByTestId('device-session');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="device-session"][data-current="true"]')).toContainText('This device');
  const other = page.locator('[data-testid="device-session"][data-current="false"]');
  await expect(other).toContainText('Safari on iPhone');
  await expect(other).toContainText('Local network');
  await other.getByTestId('end-session').click();
  await page.getByTestId('confirm-end-session').getByRole('button', { name: 'Ok' }).click();
  await expect(rows).toHaveCount(1);

  // The phone is signed out on its very next request: it lands on the sign-in form.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/register\?next=%2Fmy-profile$/);
  await expect(phonePage.getByTestId('sign-in-form')).toBeVisible();
  expect((await phone.request.get('/api/v1/auth/session')).status()).toBe(401);
  // This browser stays signed in.
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(200);
  await phone.close();
});

// API tokens are offered to staff (a taxpayer is not: issue 29).
test('an API token is shown once, works, and stops when revoked', async ({ staff, playwright, baseURL }) => {
  const { page } = await staff('Tax Preparer');
  await page.goto('/my-profile/security');
  const form = page.getByTestId('new-token-form');
  await form.getByLabel('Token name').fill('My sync script');
  await form.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('new-token-secret').textContent())!.trim();
  expect(secret).toMatch(/^[\w-]+:[\w-]+$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('new-token-secret')).toHaveCount(0);
  const token = page.getByTestId('api-token');
  await expect(token).toContainText('My sync script');
  await expect(token).not.toContainText(secret.split(':')[1]!);

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `token ${secret}` } });
  expect((await api.get('/api/v1/auth/session')).status()).toBe(200);
  await page.getByRole('button', { name: 'Revoke token My sync script' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(token).toHaveCount(0);
  expect((await api.get('/api/v1/auth/session')).status()).toBe(401);
  await api.dispose();
});
