import { expect, test } from './fixtures.ts';

test.describe('routes (SPEC §2)', () => {
  test('a guarded route while signed out goes to /', async ({ page }) => {
    for (const path of ['/dashboard', '/my-tickets/42', '/vault', '/open-tickets', '/form/7/TD.0001']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByTestId('home-sign-in')).toBeVisible();
    }
  });

  test('redirects, placeholders and not found', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/p/home');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    for (const path of ['/edit-webformchild', '/detail/a/b/c', '/forms/w9/start']) {
      await page.goto(path);
      await expect(page.getByText('This page is not available yet.')).toBeVisible();
    }
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a guarded route with a session shows its page', async ({ page, customer }) => {
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect(customer.email).toBeTruthy();
  });
});
