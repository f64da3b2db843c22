import { expect, newUser, registerByApi, test } from './fixtures.ts';
import {
  createTaxTemplate,
  downloadedPdfText,
  getJson,
  issueInvoiceByApi,
  moveToReadyForInvoice,
  payWithTestCard,
  usd,
  type InvoiceJson,
} from './billing-helpers.ts';
import { chooseOption, createTicketByApi, waitForLiveUpdates } from './ticket-helpers.ts';

test.describe('billing (issue 5)', () => {
  test('staff invoice a ticket; the customer is declined, then pays with the test card; PDF and share link', async ({
    page,
    customer,
    staff,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const ticket = await createTicketByApi(page.request);
    const admin = await staff('Admin');
    const tax = await createTaxTemplate(admin.context.request, 825);

    // Issuing needs Ready For Invoice: the panel shows the server's refusal before the move.
    await admin.page.goto(`/form/message/${ticket.name}`);
    const panel = admin.page.getByTestId('ticket-invoice-panel');
    await panel.getByTestId('create-invoice').click();
    const editor = admin.page.getByTestId('invoice-editor');
    await expect(editor.getByTestId('line-description').first()).toHaveValue(ticket.service.name);
    await editor.getByTestId('issue-invoice').click();
    await expect(editor.getByTestId('editor-error')).toHaveText(
      'Move the ticket to Ready For Invoice before issuing its invoice.',
    );
    await editor.getByRole('button', { name: 'Close' }).click();

    await moveToReadyForInvoice(admin.context.request, ticket);
    // The customer has the portal open on /billing while staff issue the invoice: it arrives without a reload.
    await page.goto('/billing');
    await waitForLiveUpdates(page);
    const bell = page.getByTestId('bell-count');
    const unread = (await getJson<{ unread_count: number }>(page.request, '/api/v1/notifications')).unread_count;
    await expect(bell).toHaveAttribute('data-count', String(unread));

    await admin.page.reload();
    await panel.getByTestId('create-invoice').click();
    await editor.getByTestId('add-line').click();
    await editor.getByTestId('line-description').nth(1).fill('Extra state schedule');
    await editor.getByTestId('line-unit').nth(1).fill('40');
    await chooseOption(admin.page, 'tax-template', new RegExp(tax.name));
    await editor.getByTestId('issue-invoice').click();
    await expect(editor).toBeHidden();
    const issued = panel.getByTestId('ticket-invoice');
    await expect(issued.getByTestId('invoice-status')).toHaveText('Unpaid');
    const name = (await issued.getAttribute('data-invoice'))!;
    expect(name).toMatch(/^SINV-\d{4}-\d{5}$/);
    await expect(bell).toHaveAttribute('data-count', String(unread + 1));
    await expect(page.getByTestId('toast-notification').filter({ hasText: `Invoice ${name} is ready` })).toBeVisible();
    await expect(
      page.locator(`[data-testid="invoice-row"][data-name="${name}"]`).getByTestId('invoice-status'),
    ).toHaveText('Unpaid');

    // Their ticket now waits on them: it reads "Invoice ready to pay" (staff still see Ready For Invoice).
    await page.goto(`/form/message/${ticket.name}`);
    await expect(page.getByTestId('ticket-status')).toHaveText('Invoice ready to pay');

    // The customer sees it in /billing (name, posting date, grand total, status) and opens it.
    const list = await getJson<{ items: InvoiceJson[] }>(page.request, '/api/v1/invoices');
    const invoice = list.items.find((i) => i.name === name)!;
    expect(invoice.status).toBe('Unpaid');
    await page.goto('/billing');
    const row = page.locator(`[data-testid="invoice-row"][data-name="${name}"]`);
    await expect(row.getByTestId('invoice-status')).toHaveText('Unpaid');
    await expect(row).toContainText(usd(invoice.grand_total_cents));
    await row.getByRole('link', { name }).click();
    const detail = page.getByTestId('invoice-detail');
    await expect(detail.getByTestId('invoice-line')).toHaveCount(2);
    await expect(detail.getByTestId('grand-total')).toHaveText(usd(invoice.grand_total_cents));
    await expect(detail).toContainText(`${tax.name} (8.25%)`);

    // A declined card: 'Payment Failed'; the invoice stays Unpaid.
    await detail.getByTestId('pay-button').click();
    await payWithTestCard(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('pay-error')).toContainText('Payment Failed');
    await expect(page.getByTestId('pay-error')).toContainText('Your card was declined.');
    // Closing the dialog without paying says so too.
    await page.getByTestId('pay-dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('toast-error')).toContainText('Payment Failed');
    await expect(detail.getByTestId('invoice-status')).toHaveText('Unpaid');

    // The test card pays it: 'Paid successfully', the invoice Paid, the ticket at Payment Collected.
    await detail.getByTestId('pay-button').click();
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('pay-success')).toContainText('Paid successfully');
    await page.getByTestId('pay-success').getByRole('button', { name: 'Close' }).click();
    await expect(detail.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(detail.getByTestId('pay-button')).toHaveCount(0);
    await expect(detail.getByTestId('payment-row')).toHaveCount(1);
    const ticketNow = await getJson<{ status: string }>(page.request, `/api/v1/tickets/${ticket.id}`);
    expect(ticketNow.status).toBe('Payment Collected');
    await page.goto(`/form/message/${ticket.name}`);
    await expect(page.getByTestId('ticket-invoice').getByTestId('invoice-status')).toHaveText('Paid');
    await admin.page.goto(`/form/message/${ticket.name}`);
    await expect(admin.page.getByTestId('ticket-status')).toHaveText('Payment Collected');

    // The PDF downloads; its text holds the number, the total and the PAID mark.
    await page.goto(`/billing/${invoice.id}`);
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByTestId('pdf-button').click()]);
    expect(download.suggestedFilename()).toBe(`${name}.pdf`);
    const text = await downloadedPdfText(download);
    expect(text).toContain(name);
    expect(text).toContain(usd(invoice.grand_total_cents));
    expect(text).toContain('PAID');

    // A share link opens the invoice signed out, with its PDF; not once revoked.
    await detail.getByTestId('share-open').click();
    const share = page.getByTestId('share-dialog');
    await share.getByTestId('share-create').click();
    const url = await share.getByTestId('share-url').inputValue();
    expect(url).toContain('/billing/shared/');
    const visitor = await browser.newContext({ baseURL });
    const anon = await visitor.newPage();
    await anon.goto(url);
    const shared = anon.getByTestId('shared-invoice');
    await expect(shared).toHaveAttribute('data-invoice', name);
    await expect(shared.getByTestId('grand-total')).toHaveText(usd(invoice.grand_total_cents));
    const [sharedPdf] = await Promise.all([anon.waitForEvent('download'), shared.getByTestId('pdf-button').click()]);
    expect(await downloadedPdfText(sharedPdf)).toContain(name);
    await share.getByTestId('share-revoke').click();
    await expect(page.getByTestId('toast-success')).toContainText('Share links revoked.');
    await anon.reload();
    await expect(anon.getByTestId('shared-unavailable')).toContainText('This invoice is not available');
    await expect(anon.getByTestId('shared-invoice')).toHaveCount(0);
    await visitor.close();
    await admin.context.close();
    expect(customer.email).toBeTruthy();
  });

  test('staff see every invoice with filters, totals and the monthly chart; an Admin refunds a payment', async ({
    page,
    customer,
    staff,
  }) => {
    test.setTimeout(150_000);
    const ticket = await createTicketByApi(page.request);
    const admin = await staff('Admin');
    await moveToReadyForInvoice(admin.context.request, ticket);
    const invoice = await issueInvoiceByApi(admin.context.request, ticket);

    // The customer pays from the list's Pay button.
    await page.goto('/billing');
    const row = page.locator(`[data-testid="invoice-row"][data-name="${invoice.name}"]`);
    await row.getByTestId('pay-button').click();
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('pay-success')).toContainText('Paid successfully');
    await page.getByTestId('pay-success').getByRole('button', { name: 'Close' }).click();
    await expect(row.getByTestId('invoice-status')).toHaveText('Paid');
    await expect(page).toHaveURL(/\/billing$/);

    // Staff: filters by customer and status; totals and the chart of money collected per month.
    const desk = admin.page;
    await desk.goto('/billing');
    await expect(desk.getByTestId('chart-collected')).toBeVisible();
    await expect(desk.getByTestId('total-paid')).toBeVisible();
    await desk.getByTestId('customer-filter').fill(customer.email);
    const staffRow = desk.locator(`[data-testid="invoice-row"][data-name="${invoice.name}"]`);
    await expect(staffRow).toBeVisible();
    await expect(desk.getByTestId('invoice-row')).toHaveCount(1);
    await expect(desk.getByTestId('total-invoiced')).toContainText(usd(invoice.grand_total_cents));
    await chooseOption(desk, 'status-filter', 'Unpaid');
    await expect(desk.getByTestId('invoices-empty')).toBeVisible();
    await chooseOption(desk, 'status-filter', 'Paid');
    await expect(staffRow).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await desk.getByTestId('from-filter').fill('2000-01-01');
    await desk.getByTestId('to-filter').fill('2000-12-31');
    await expect(desk.getByTestId('invoices-empty')).toBeVisible();
    await desk.getByTestId('to-filter').fill(today);
    await expect(staffRow).toBeVisible();

    // Admin refunds the payment after confirming; the invoice becomes Refunded.
    await staffRow.getByRole('link', { name: invoice.name }).click();
    const detail = desk.getByTestId('invoice-detail');
    await detail.getByTestId('refund-button').click();
    await desk.getByTestId('refund-confirm').getByRole('button', { name: 'Ok' }).click();
    await expect(desk.getByTestId('toast-success')).toContainText('Payment refunded.');
    await expect(detail.getByTestId('invoice-status')).toHaveText('Refunded');
    await expect(detail.getByTestId('refund-button')).toHaveCount(0);
    await admin.context.close();
  });

  test('signed out, /billing asks to sign in; another customer cannot open the invoice', async ({
    page,
    customer,
    staff,
    browser,
    baseURL,
  }) => {
    const visitor = await browser.newContext({ baseURL });
    const anon = await visitor.newPage();
    await anon.goto('/billing');
    const prompt = anon.getByTestId('billing-sign-in');
    await expect(prompt).toContainText('Sign in to see your invoices');
    // The header's Sign in comes back here too (it led to the dashboard: outside tester).
    await expect(anon.getByTestId('header-sign-in')).toHaveAttribute('href', '/register?next=%2Fbilling');
    await prompt.getByRole('link', { name: 'Sign in or register' }).click();
    await expect(anon).toHaveURL(/\/register\?next=%2Fbilling$/);
    await visitor.close();

    // Someone else's invoice answers "not found" on the page, like on the API.
    const ticket = await createTicketByApi(page.request);
    const admin = await staff('Admin');
    await moveToReadyForInvoice(admin.context.request, ticket);
    const invoice = await issueInvoiceByApi(admin.context.request, ticket);
    const other = await browser.newContext({ baseURL });
    await registerByApi(other.request, newUser());
    const otherPage = await other.newPage();
    await otherPage.goto(`/billing/${invoice.id}`);
    await expect(otherPage.getByTestId('invoice-not-found')).toContainText('Invoice not found');
    await other.close();
    await admin.context.close();
    expect(customer.email).toBeTruthy();
  });
});
