import { expect, signInByApi, signInByUi, test, totpCode } from './fixtures.ts';

/*
 * Second factors (issue 12 §3): staff sign in with a password and a TOTP code computed here from their secret;
 * a staff member without a factor (the Admin reset theirs) is taken to /security before anything else, sets up
 * an authenticator app with the QR page's key, keeps the recovery codes and reaches the dashboard.
 */
test('a staff member signs in with password and a TOTP code', async ({ page, staffAccount }) => {
  const preparer = staffAccount('Tax Preparer');
  await page.goto('/register');
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill(preparer.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(preparer.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  // The password was right: the form now asks for the code, in the same sign-in.
  await expect(page.getByTestId('sign-in-code-step')).toBeVisible();
  await form.getByLabel('Authentication code').fill('000000');
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(form.getByText('That code is not right, or it was used already.')).toBeVisible();
  await form.getByLabel('Authentication code').fill(totpCode(preparer.totp_secret));
  await form.getByLabel('Trust this device for 30 days').check();
  await form.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a staff member without a factor sets up TOTP before anything else', async ({ page, staff, staffAccount }) => {
  const reviewer = staffAccount('Reviewer');
  const admin = await staff('Admin');
  const elsewhere = await staff(reviewer);
  const reviewerId = (
    (await (await elsewhere.context.request.get('/api/v1/auth/session')).json()) as {
      user: { id: string };
    }
  ).user.id;
  // The Admin resets the reviewer's factors (as after a lost phone): the reviewer's sessions end.
  const csrf = (await admin.context.cookies()).find((c) => c.name === 'csrf_token')!.value;
  const reset = await admin.context.request.delete(`/api/v1/admin/staff/${reviewerId}/factors`, {
    headers: { 'x-csrf-token': csrf },
  });
  expect(reset.status(), await reset.text()).toBe(204);
  expect((await elsewhere.context.request.get('/api/v1/auth/session')).status()).toBe(401);

  // Signed in with the password alone, the reviewer is taken to the set-up, and every other page sends back.
  await signInByApi(page.request, { email: reviewer.email, password: reviewer.password });
  await page.goto('/all-tickets');
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByTestId('factor-required')).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  await page.getByTestId('totp-card').getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.locator('p')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('factor-required')).toBeHidden();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await page.screenshot({ path: '/tmp/a-shots/dashboard-after-setup.png' });

  // The next sign-in asks for the new app's code.
  await page.context().clearCookies();
  await signInByUi(page, reviewer.email, reviewer.password, secret);
});

test('the Security page at 390 and 1280 px', async ({ page, customer }) => {
  void customer;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    await page.screenshot({ path: `/tmp/a-shots/security-${width}.png`, fullPage: true });
    await page.reload();
  }
});
