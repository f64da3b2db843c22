import { expect, signInByUi, test } from './fixtures.ts';

test('change password: required texts, the three server checks, success, and the new password works', async ({
  page,
  customer,
}) => {
  await page.goto('/dashboard');
  await page.getByTestId('menu-item-change-password').click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await expect(dialog.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  const oldField = dialog.getByLabel('Old Password', { exact: true });
  const newField = dialog.getByLabel('New Password', { exact: true });
  const confirmField = dialog.getByLabel('Confirm Password', { exact: true });
  const update = dialog.getByRole('button', { name: 'update' });
  for (const field of [oldField, newField, confirmField]) await expect(field).toHaveAttribute('type', 'password');

  const required = ['Old Password is required', 'New password is required', 'Confirm password is required'];
  for (const text of required) await expect(dialog.getByText(text)).toHaveCount(0);
  await update.click();
  for (const text of required) await expect(dialog.getByText(text)).toBeVisible();

  const attempt = async (oldPw: string, newPw: string, confirmPw: string) => {
    await oldField.fill(oldPw);
    await newField.fill(newPw);
    await confirmField.fill(confirmPw);
    await update.click();
  };
  const error = dialog.getByTestId('change-password-error');

  await attempt('wrong-old-password', 'brand-new-pass', 'brand-new-pass');
  await expect(error).toHaveText('Incorrect Old Password');
  for (const text of required) await expect(dialog.getByText(text)).toHaveCount(0);

  await attempt(customer.password, 'brand-new-pass', 'something-else');
  await expect(error).toHaveText("Password confirm password can't match..!");

  await attempt(customer.password, customer.password, customer.password);
  await expect(error).toHaveText('Old password and new password must not be same..!');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Show password' }).first().click();
  await expect(oldField).toHaveAttribute('type', 'text');

  const newPassword = `${customer.password}-2`;
  await attempt(customer.password, newPassword, newPassword);
  await expect(page.getByText('Password Updated Successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Reopening shows an empty, unsubmitted form.
  await page.getByTestId('menu-item-change-password').click();
  await expect(oldField).toHaveValue('');
  for (const text of required) await expect(dialog.getByText(text)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.context().clearCookies();
  await signInByUi(page, customer.email, newPassword);
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
});
