import type { Page } from '@playwright/test';
import { expect, signInByUi, test } from './fixtures.ts';

const menuItems = (page: Page) => page.getByTestId('side-menu').locator('[data-testid^="menu-item-"]');

test.describe('side menu per role (SPEC §2)', () => {
  test('customer: the reduced menu, in order', async ({ page, customer }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
    await expect(menuItems(page)).toHaveText([
      'Dashboard',
      'Service Request',
      'Document Vault',
      'Billing',
      'Refer a Friend',
      'Consents',
      'Letters',
      'My Profile',
      'Change Password',
      'Logout',
    ]);
    await expect(page.getByTestId('menu-item-dashboard')).toHaveAttribute('aria-current', 'page');

    await page.getByTestId('menu-item-service-request').click();
    await expect(page).toHaveURL(/\/my-tickets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Service Request' })).toBeVisible();
    await page.getByTestId('menu-item-document-vault').click();
    await expect(page).toHaveURL(/\/vault$/);
    await page.getByTestId('menu-item-billing').click();
    await expect(page).toHaveURL(/\/billing$/);
    await page.getByTestId('menu-item-referral').click();
    await expect(page).toHaveURL(/\/referral$/);
  });

  test('admin: Open Request in second position', async ({ page, staffAccount }) => {
    const admin = staffAccount('Admin');
    await signInByUi(page, admin.email, admin.password, admin.totp_secret);
    await expect(page.getByTestId('welcome-role')).toHaveText('Admin');
    await expect(menuItems(page)).toHaveText([
      'Dashboard',
      'Open Request',
      'Service Request',
      'Search',
      'Contacts',
      'Consents',
      'Letters',
      'Inbox',
      'Billing',
      'Audit Log',
      'Staff',
      'Organizers',
      'Letter templates',
      'Import clients',
      'Offers',
      'Site',
      'My Profile',
      'Change Password',
      'Logout',
    ]);
    await page.getByTestId('menu-item-open-request').click();
    await expect(page).toHaveURL(/\/open-tickets$/);
    await page.getByTestId('menu-item-search').click();
    await expect(page).toHaveURL(/\/all-tickets$/);
    await page.getByTestId('menu-item-contacts').click();
    await expect(page).toHaveURL(/\/contacts$/);
    // The audit log (issue 13 item 7): Admin's own entry, the chain checked on the page.
    await page.getByTestId('menu-item-audit-log').click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByTestId('chain-report')).toContainText('Chain intact');
  });

  test('customer care also gets Open Request second; a tax preparer does not', async ({ page, staffAccount }) => {
    const care = staffAccount('Customer Care Department');
    await signInByUi(page, care.email, care.password, care.totp_secret);
    await expect(menuItems(page).nth(1)).toHaveText('Open Request');

    await page.context().clearCookies();
    const preparer = staffAccount('Tax Preparer');
    await signInByUi(page, preparer.email, preparer.password, preparer.totp_secret);
    await expect(menuItems(page)).toHaveText([
      'Dashboard',
      'Service Request',
      'Search',
      'Contacts',
      'Consents',
      'Letters',
      'Inbox',
      'Billing',
      'My Profile',
      'Change Password',
      'Logout',
    ]);
  });

  test('no side menu on /, /register, /contact-us and p/*', async ({ page, customer }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    for (const path of ['/', '/contact-us', '/p/some-page', '/p/home']) {
      await page.goto(path);
      await expect(page.getByTestId('app-header')).toBeVisible();
      await expect(page.getByTestId('side-menu')).toHaveCount(0);
    }
    await page.goto('/forms');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(customer.email).toContain('@');
  });

  test('no side menu on /register for a signed-out visitor, and none on / either', async ({ page }) => {
    for (const path of ['/register', '/', '/contact-us']) {
      await page.goto(path);
      await expect(page.getByTestId('app-header')).toBeVisible();
      await expect(page.getByTestId('side-menu')).toHaveCount(0);
    }
  });
});
