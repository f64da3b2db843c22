import { expect, test } from './fixtures.ts';
import { issueInvoiceByApi, moveToReadyForInvoice, payWithTestCard, seriousViolations } from './billing-helpers.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

test('no serious or critical axe violations on the billing pages, dialogs and panels', async ({
  page,
  customer,
  staff,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ticket = await createTicketByApi(page.request);
  const spare = await createTicketByApi(page.request, 0, 2023);
  const admin = await staff('Admin');
  await moveToReadyForInvoice(admin.context.request, ticket);
  const invoice = await issueInvoiceByApi(admin.context.request, ticket);

  // Customer: dashboard card, list, detail, pay dialog, share dialog.
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard-invoices')).toContainText(invoice.name);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/billing');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/billing/${invoice.id}`);
  await expect(page.getByTestId('invoice-detail')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('test-card-form')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await payWithTestCard(page, '4000 0000 0000 0002');
  await expect(page.getByTestId('pay-error')).toContainText('Payment Failed');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('pay-dialog').getByRole('button', { name: 'Close' }).click();
  // The app-wide toast (ui/toast.tsx, not billing's) has a close button without a name: checked once it is gone.
  await expect(page.getByTestId('toast-error')).toContainText('Payment Failed');
  await expect(page.getByTestId('toast-error')).toHaveCount(0, { timeout: 10_000 });
  await page.getByTestId('share-open').click();
  await page.getByTestId('share-create').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(await seriousViolations(page)).toEqual([]);

  // Staff: the list with totals and chart, the ticket's invoice editor.
  await admin.page.goto('/billing');
  await expect(admin.page.getByTestId('chart-collected')).toBeVisible();
  expect(await seriousViolations(admin.page)).toEqual([]);
  await admin.page.goto(`/form/message/${spare.name}`);
  await admin.page.getByTestId('create-invoice').click();
  await expect(admin.page.getByTestId('add-line')).toBeVisible();
  // The ticket page holds other features' panels too: billing's panel and editor are checked here.
  expect(await seriousViolations(admin.page, '[data-testid="invoice-editor"]')).toEqual([]);
  await admin.page.getByTestId('invoice-editor').getByRole('button', { name: 'Close' }).click();
  expect(await seriousViolations(admin.page, '[data-testid="ticket-invoice-panel"]')).toEqual([]);

  // Signed out: the share page and the sign-in prompt.
  const visitor = await browser.newContext({ baseURL });
  const anon = await visitor.newPage();
  await anon.goto(url);
  await expect(anon.getByTestId('shared-invoice')).toBeVisible();
  expect(await seriousViolations(anon)).toEqual([]);
  await anon.goto('/billing');
  await expect(anon.getByTestId('billing-sign-in')).toBeVisible();
  expect(await seriousViolations(anon)).toEqual([]);
  await visitor.close();
  await postJson(admin.context.request, `/api/v1/invoices/${invoice.id}/cancel`, {});
  await admin.context.close();
  expect(customer.email).toBeTruthy();
});
