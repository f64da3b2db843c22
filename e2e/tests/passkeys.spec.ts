import type { Page } from '@playwright/test';
import { seriousViolations } from './billing-helpers.ts';
import { expect, signInByUi, test } from './fixtures.ts';
import { addVirtualAuthenticator } from './passkey-helpers.ts';

/*
 * Passkeys in a real browser (issue 12: "a passkey registered and used through Chromium's virtual
 * authenticator"): the DevTools WebAuthn domain gives the page an authenticator whose user is always verified,
 * and the server checks every answer against its relying party, `localhost` (the run's PUBLIC_URL).
 */

async function signOut(page: Page) {
  await page.getByTestId('menu-item-logout').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/register$/);
}

const passkeyButton = (page: Page) => page.getByTestId('sign-in-form').getByRole('button', { name: 'Use a passkey' });

test('a customer adds a passkey, signs in with it as second factor and alone, and removes it', async ({
  page,
  customer,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto('/my-profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/my-profile\/security$/);
  const card = page.getByTestId('passkeys-card');
  await card.getByLabel('Passkey name').fill('My laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByTestId('passkey-row')).toHaveCount(1);
  await expect(card.getByTestId('passkey-row')).toContainText('My laptop');
  const [credential] = await authenticator.credentials();
  expect(await authenticator.credentials()).toHaveLength(1);
  expect(credential).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
  // This journey's part of the tab (the whole tab is accessibility.spec.ts's).
  expect(await seriousViolations(page, '[data-testid="passkeys-card"]')).toEqual([]);
  await signOut(page);

  // Password first: the account now has a factor, a passkey alone, so the form asks for that passkey (not for an
  // app's code or recovery codes it does not have), and the passkey answers.
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(customer.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-passkey-step')).toBeVisible();
  await expect(form).not.toContainText(/authenticator app|recovery code/i);
  await passkeyButton(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
  const [used] = await authenticator.credentials();
  expect(used!.signCount).toBeGreaterThan(credential!.signCount);
  await signOut(page);

  // Passwordless: the passkey alone (discoverable, user verified) stands for both factors.
  await passkeyButton(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);

  // Removed, the passkey is forgotten by the server; the device still holds it, but it signs in no more.
  await page.goto('/my-profile/security');
  await card.getByTestId('passkey-row').getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByTestId('passkey-row')).toHaveCount(0);
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page);
  await passkeyButton(page).click();
  await expect(page.getByText('The passkey could not be verified. Try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
});

test('a staff member adds a passkey and then signs in with it instead of password and code', async ({
  page,
  staffAccount,
}) => {
  const preparer = staffAccount('Tax Preparer');
  const authenticator = await addVirtualAuthenticator(page);
  await signInByUi(page, preparer.email, preparer.password, preparer.totp_secret);
  await page.goto('/security');
  const card = page.getByTestId('passkeys-card');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  // Unnamed, it is numbered.
  await expect(card.getByTestId('passkey-row')).toContainText('Passkey 1');
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page);

  await passkeyButton(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await (await page.request.get('/api/v1/auth/session')).json()) as {
    user: { email: string };
    roles: string[];
    factor_setup_required: boolean;
  };
  expect(session.user.email).toBe(preparer.email);
  expect(session.roles).toContain('Tax Preparer');
  expect(session.factor_setup_required).toBe(false);
});
