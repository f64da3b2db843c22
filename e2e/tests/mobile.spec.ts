import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the tab menu replaces the side menu; More holds the rest', async ({ page, customer }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
  await expect(page.getByTestId('tab-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);

  const tabs = page.getByTestId('tab-menu').locator('[data-testid^="menu-item-"]');
  await expect(tabs).toHaveText(['Dashboard', 'Service Request', 'Create Ticket', 'More']);

  await page.getByTestId('menu-item-create-ticket').click();
  await expect(page).toHaveURL(/\/create-ticket$/);
  await page.getByTestId('header-back').click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByTestId('menu-item-more').click();
  const sheet = page.getByRole('dialog', { name: 'More options' });
  await expect(sheet.locator('[data-testid^="menu-item-"]')).toHaveText([
    'Document Vault',
    'Billing',
    'My Profile',
    'Change Password',
    'Logout',
  ]);
  await sheet.getByTestId('menu-item-change-password').click();
  const modal = page.getByRole('dialog', { name: 'Change Password' });
  await expect(modal.getByLabel('Old Password', { exact: true })).toBeVisible();
  // The heading is for wider screens only.
  await expect(modal.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('menu-item-more').click();
  await page.getByRole('dialog', { name: 'More options' }).getByTestId('menu-item-logout').click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('tab-menu')).toHaveCount(0);
});
