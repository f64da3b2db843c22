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
    'Refer a Friend',
    'Consents',
    'Letters',
    'My Profile',
    'Change Password',
    'Logout',
  ]);
  await sheet.getByTestId('menu-item-referral').click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();

  await page.getByTestId('menu-item-more').click();
  await page.getByRole('dialog', { name: 'More options' }).getByTestId('menu-item-change-password').click();
  const modal = page.getByRole('dialog', { name: 'Change Password' });
  await expect(modal.getByLabel('Old Password', { exact: true })).toBeVisible();
  // SPEC draws the heading on desks only; a phone's dialog needs its title too (issue 29).
  await expect(modal.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  const next = `${customer.password}-2`;
  await modal.getByLabel('Old Password', { exact: true }).fill(customer.password);
  await modal.getByLabel('New Password', { exact: true }).fill(next);
  await modal.getByLabel('Confirm Password', { exact: true }).fill(next);
  await modal.getByRole('button', { name: 'update' }).click();
  // The toast sits above the tab menu, and a tap on a tab reaches the tab while it shows.
  const toast = page.getByTestId('toast-success');
  await expect(toast).toContainText('Password Updated Successfully');
  const toastBox = (await toast.boundingBox())!;
  const tabsBox = (await page.getByTestId('tab-menu').boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(tabsBox.y);
  await page.getByTestId('menu-item-service-request').click();
  await expect(page).toHaveURL(/\/my-tickets$/);
  await expect(toast).toBeVisible();

  await page.getByTestId('menu-item-more').click();
  await page.getByRole('dialog', { name: 'More options' }).getByTestId('menu-item-logout').click();
  await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByTestId('tab-menu')).toHaveCount(0);
});
