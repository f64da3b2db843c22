import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { csrfHeaders } from './ticket-helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('no serious or critical axe violations on /register and /dashboard', async ({ page, customer }) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await page.goto('/register');
  await expect(page.getByTestId('sign-in-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Create account' }).click();
  await expect(page.getByTestId('create-account-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

/** Every axe violation of the WCAG 2.1 A/AA rules and best practices, whatever its impact. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

for (const width of [1280, 390]) {
  test(`the whole Security tab of the profile has no axe violation at ${width} px`, async ({
    page,
    customer,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // A second browser of the same person, so the list has a row that is not this device.
    const other = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const login = await other.request.post('/api/v1/auth/login', {
      data: { email: customer.email, password: customer.password },
    });
    expect(login.status()).toBe(200);
    // A taxpayer sees API tokens only once they have one (issue 29): one made through the API.
    const made = await page.request.post('/api/v1/auth/tokens', {
      data: { name: 'Old script' },
      headers: await csrfHeaders(page.request),
    });
    expect(made.status()).toBe(201);
    await page.goto('/my-profile/security');
    await expect(page.getByTestId('device-session')).toHaveCount(2);
    await expect(page.locator('[data-testid="device-session"][data-current="true"]')).toContainText('This device');
    await expect(page.getByTestId('tokens-panel')).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // The new token, shown once.
    await page.getByTestId('new-token-form').getByLabel('Token name').fill('Bookkeeping export');
    await page.getByTestId('new-token-form').getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByTestId('new-token-secret')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('api-token').filter({ hasText: 'Bookkeeping export' })).toHaveCount(1);
    // The secret's dialog is gone (its portal, empty for a moment as it closes, is in no landmark).
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('div[data-portal="true"]:not(:has(*))')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);

    // Ending the other session asks first.
    await page.locator('[data-testid="device-session"][data-current="false"]').getByTestId('end-session').click();
    await expect(page.getByTestId('confirm-end-session')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await other.close();
  });
}
