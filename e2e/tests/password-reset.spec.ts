import { expect, newUser, readMail, registerByApi, signInByUi, test } from './fixtures.ts';

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page, request }) => {
  const user = newUser();
  await registerByApi(request, user);

  await page.goto('/register');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByTestId('forgot-password-form');
  await forgot.getByLabel('E-mail').fill(user.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that e-mail, a reset link is on its way.')).toBeVisible();
  await expect(page.getByTestId('sign-in-form')).toBeVisible();

  // The link, from the user's mailbox (no one else, an Admin included, can read it: docs/decisions/0011).
  const linkPattern = /https?:\/\/\S+\/reset-password\?token=[\w-]+/;
  const link = linkPattern.exec((await readMail(user.email, linkPattern)).text)![0];

  await page.goto(link);
  const form = page.getByTestId('reset-password-form');
  const newPassword = `${user.password}-reset`;
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await form.getByRole('textbox', { name: 'Confirm new password' }).fill('not-the-same');
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await form.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword);
  await form.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();

  await signInByUi(page, user.email, newPassword);
  await expect(page.getByTestId('welcome-card')).toContainText(user.full_name);
});
