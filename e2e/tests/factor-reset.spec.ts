import type { Page } from '@playwright/test';
import { seriousViolations } from './billing-helpers.ts';
import { expect, signInByApi, test, totpCode } from './fixtures.ts';
import { csrfHeaders } from './ticket-helpers.ts';

/*
 * A lost phone (docs/decisions/0019-a): the Admin resets the person's second factors from the staff page (or,
 * for a customer, from their contact page), after a confirmation that says what happens. Their sessions end;
 * a staff member is then sent to set up a new factor at their next sign-in, a customer signs in with the
 * password alone.
 */
const SHOTS = '/tmp/a-shots';

/** The page fits the phone's width: nothing scrolls sideways. */
async function fitsWidth(page: Page): Promise<boolean> {
  // A string: the e2e project compiles without the DOM's types.
  return page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
}

test('an Admin resets a staff member’s factors; at the next sign-in they must set one up', async ({
  page,
  staff,
  staffAccount,
}) => {
  const reviewer = staffAccount('Reviewer');
  const elsewhere = await staff(reviewer);
  const admin = await staff('Admin');

  await admin.page.goto('/admin/staff');
  await admin.page.getByTestId('staff-search').fill(reviewer.email);
  const row = admin.page.locator(`[data-testid="staff-member"][data-email="${reviewer.email}"]`);
  const dialog = admin.page.getByTestId('confirm-reset-factors');
  for (const width of [1280, 390]) {
    await admin.page.setViewportSize({ width, height: 800 });
    await row.getByRole('button', { name: 'Reset second factors' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Reset the second factors of ${reviewer.full_name}?`);
    await expect(dialog).toContainText('passkeys and trusted devices are removed');
    await expect(dialog).toContainText('signed out everywhere');
    await expect(dialog).toContainText('must set up a new second factor');
    expect(await fitsWidth(admin.page)).toBe(true);
    await admin.page.screenshot({ path: `${SHOTS}/staff-reset-factors-${width}.png` });
    expect(await seriousViolations(admin.page, '[data-testid="confirm-reset-factors"]')).toEqual([]);
    if (width === 1280) {
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect((await elsewhere.context.request.get('/api/v1/auth/session')).status()).toBe(200);
    }
  }
  await dialog.getByRole('button', { name: 'Reset second factors' }).click();
  await expect(admin.page.getByText(`The second factors of ${reviewer.full_name} are reset`)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await elsewhere.context.request.get('/api/v1/auth/session')).status()).toBe(401);

  // The password alone now signs in (no code is asked: there is no factor), and leads to the set-up only.
  await page.goto('/register');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(reviewer.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(reviewer.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByTestId('factor-required')).toBeVisible();
  await page.goto('/all-tickets');
  await expect(page).toHaveURL(/\/security$/);
});

test('an Admin resets a customer’s factors from the contact page', async ({ page, customer, staff }) => {
  // The customer turns on an authenticator app (through the API, as the Security page does).
  const headers = await csrfHeaders(page.request);
  const { secret } = (await (await page.request.post('/api/v1/auth/mfa/setup', { headers })).json()) as {
    secret: string;
  };
  const enabled = await page.request.post('/api/v1/auth/mfa/enable', { headers, data: { code: totpCode(secret) } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const { user } = (await (await page.request.get('/api/v1/auth/session')).json()) as { user: { id: string } };

  const admin = await staff('Admin', { width: 390, height: 844 });
  await admin.page.goto(`/contacts/${user.id}`);
  await admin.page.getByTestId('contact-reset-factors').click();
  const dialog = admin.page.getByTestId('confirm-reset-factors');
  await expect(dialog).toContainText(`Reset the second factors of ${customer.full_name}?`);
  await expect(dialog).toContainText('sign in with their password alone');
  expect(await fitsWidth(admin.page)).toBe(true);
  await admin.page.screenshot({ path: `${SHOTS}/contact-reset-factors-390.png` });
  await dialog.getByRole('button', { name: 'Reset second factors' }).click();
  await expect(admin.page.getByText(`The second factors of ${customer.full_name} are reset`)).toBeVisible();

  // Signed out; the password alone signs in again.
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  await signInByApi(page.request, customer);
  await page.goto('/my-profile/security');
  await expect(page.getByTestId('totp-card')).toContainText('Off');

  // Other staff see no such button.
  const care = await staff('Customer Care Department');
  await care.page.goto(`/contacts/${user.id}`);
  await expect(care.page.getByRole('heading', { name: customer.full_name })).toBeVisible();
  await expect(care.page.getByTestId('contact-reset-factors')).toHaveCount(0);
});
