import { expect, test } from './fixtures.ts';
import { issueInvoiceByApi, moveToReadyForInvoice, payWithTestCard, usd } from './billing-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('billing at 390 px', () => {
  test("the customer's pay journey on a phone: dashboard card, Pay, 'Paid successfully', stacked cards", async ({
    page,
    customer,
    staff,
  }) => {
    test.setTimeout(150_000);
    const ticket = await createTicketByApi(page.request);
    const admin = await staff('Admin');
    await moveToReadyForInvoice(admin.context.request, ticket);
    const invoice = await issueInvoiceByApi(admin.context.request, ticket, [
      { description: 'Federal return', quantity: 1, unit_amount_cents: 15_000 },
      { description: 'State return', quantity: 2, unit_amount_cents: 4_950 },
    ]);
    await admin.context.close();
    expect(invoice.grand_total_cents).toBe(24_900);

    // The dashboard's card lists the invoice awaiting payment with a Pay button.
    await page.goto('/dashboard');
    const card = page.locator(`[data-testid="dashboard-invoice"][data-name="${invoice.name}"]`);
    await expect(card).toContainText(usd(24_900));
    await card.getByTestId('pay-button').click();
    const dialog = page.getByTestId('pay-dialog');
    await expect(dialog.getByTestId('pay-amount')).toHaveText(usd(24_900));
    // The dialog fits the phone's width.
    const box = (await dialog.getByTestId('pay-submit').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await payWithTestCard(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('pay-error')).toContainText('Payment Failed');
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('pay-success')).toContainText('Paid successfully');
    await page.getByTestId('pay-success').getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);

    // /billing shows stacked cards on a phone, not a table; no sideways scrolling.
    await page.goto('/billing');
    await expect(page.getByTestId('invoice-cards')).toBeVisible();
    await expect(page.getByTestId('invoice-table')).toHaveCount(0);
    const row = page.locator(`[data-testid="invoice-row"][data-name="${invoice.name}"]`);
    await expect(row.getByTestId('invoice-status')).toHaveText('Paid');
    await row.getByRole('link').first().click();
    const detail = page.getByTestId('invoice-detail');
    await expect(detail.getByTestId('invoice-line')).toHaveCount(2);
    await expect(detail.getByTestId('grand-total')).toHaveText(usd(24_900));
    const overflow = await page.evaluate(() => {
      const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
      return w.document.documentElement.scrollWidth - w.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(customer.email).toBeTruthy();
  });
});
