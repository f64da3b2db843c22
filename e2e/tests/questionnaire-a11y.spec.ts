import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createTicketByApi, csrfHeaders } from './ticket-helpers.ts';

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('the questionnaire, the request panel and the dashboard card have no serious axe violations', async ({
  page,
  customer,
  staff,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const headers = await csrfHeaders(page.request);
  await page.request.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
    data: { first_name: 'Ada', ssn: '123456789', has_dependents: true, dependents: [{ id: 'd1', first_name: 'Bo' }] },
    headers,
  });
  await page.request.put(`/api/v1/tickets/${ticket.id}/profile/global_asset`, {
    data: {
      has_foreign_accounts: true,
      foreign_accounts: [{ id: 'a1', country: 'Canada', institution: 'Maple', highest_balance_usd: 12000 }],
    },
    headers,
  });
  const { context, page: staffPage } = await staff('Tax Preparer');
  const res = await staffPage.request.post(`/api/v1/tickets/${ticket.id}/document-requests`, {
    data: { checklist: ['w2'] },
    headers: await csrfHeaders(staffPage.request),
  });
  expect(res.status()).toBe(201);
  await staffPage.goto(`/form/message/${ticket.name}`);
  await expect(staffPage.getByTestId('ticket-requests')).toContainText('W-2');
  // Only this feature's panel: the rest of the ticket page belongs to other features and their tests.
  expect(await seriousViolations(staffPage, '[data-testid="ticket-requests"]')).toEqual([]);
  await staffPage.getByRole('button', { name: 'Request documents' }).click();
  await expect(staffPage.getByTestId('request-documents-form')).toBeVisible();
  expect(await seriousViolations(staffPage, '[data-testid="request-documents-form"]')).toEqual([]);
  await context.close();

  await page.goto(`/form/${ticket.name}`);
  await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('tab-global_asset').click();
  await expect(page.getByTestId('fbar-note')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/form/message/${ticket.name}`);
  await expect(page.getByTestId('ticket-requests')).toContainText('W-2');
  expect(await seriousViolations(page, '[data-testid="ticket-requests"]')).toEqual([]);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-requests')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
