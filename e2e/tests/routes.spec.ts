import { expect, test } from './fixtures.ts';

test.describe('routes (SPEC §2)', () => {
  // SPEC sent a signed-out visitor to '/'; they go to sign in, and back to the page after it (issue 30).
  test('a guarded route while signed out goes to sign in, with the page to return to', async ({ page }) => {
    for (const path of ['/dashboard', '/my-tickets/42', '/vault', '/open-tickets', '/form/7/TD.0001']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/register' && url.searchParams.get('next') === path);
      await expect(page.getByTestId('sign-in-form')).toBeVisible();
    }
  });

  // SPEC leaves /my-profile and /billing unguarded: each sends a signed-out visitor to sign in itself, with next.
  test('the profile and billing, signed out, also lead to sign in and back', async ({ page }) => {
    await page.goto('/my-profile/security');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/register' && url.searchParams.get('next') === '/my-profile/security',
    );
    await page.goto('/billing/INV-1');
    await page.getByTestId('billing-sign-in').getByRole('link').click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/register' && url.searchParams.get('next') === '/billing/INV-1',
    );
  });

  test('redirects and not found', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/register$/);
    await page.goto('/p/home');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    // SPEC's parameterless routes lead somewhere useful; an unknown post is the site's not-found page.
    await page.goto('/edit-webformchild');
    await expect(page).toHaveURL((url) => url.pathname === '/forms');
    await page.goto('/gallery-detail');
    await expect(page).toHaveURL((url) => url.pathname === '/gallery-list');
    await page.goto('/detail/a/b/c');
    await expect(page.getByTestId('site-not-found')).toBeVisible();
    // Someone's own submission: signed out, the page asks to sign in.
    await page.goto('/forms/w9/start');
    await expect(page.getByRole('link', { name: 'Sign in to see the forms you have sent' })).toBeVisible();
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
