import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

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
