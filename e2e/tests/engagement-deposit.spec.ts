import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { issueInvoiceByApi, moveToReadyForInvoice, payWithTestCard, usd } from './billing-helpers.ts';
import { expect, test, totpCode } from './fixtures.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/**
 * A letter's deposit (issue 33 item 2, docs/decisions/0036): staff send a letter with a deposit; once the client has
 * signed, the letter shows the deposit due and "Pay deposit" opens billing's card dialog (test mode); paid, the letter
 * reads "Deposit paid" and billing lists the invoice marked Deposit; staff issue the ticket's invoice and it carries
 * the deposit as a negative line.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

const TEMPLATE = '<p>Dear {{client_name}}, your {{tax_year}} return.</p>{{services}}<p>Deposit: {{deposit}}.</p>';

test.describe.configure({ timeout: 240_000 });

for (const width of [1280, 390]) {
  test(`the client signs, pays the deposit by card, and it is credited on the final invoice (${width} px)`, async ({
    page,
    customer,
    staff,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    const admin = await staff('Admin', viewport);
    await postJson(
      admin.context.request,
      '/api/v1/admin/engagement-templates',
      { name: `Deposit ${randomUUID().slice(0, 6)}`, service_type_id: null, is_default: true, body: TEMPLATE },
      201,
    );
    const { secret } = await postJson<{ secret: string }>(page.request, '/api/v1/auth/mfa/setup', {});
    await postJson(page.request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
    const ticket = await createTicketByApi(page.request);

    // Staff send the letter with a $150 deposit.
    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    await sp.goto(`/letters?ticket=${ticket.name}`);
    const form = sp.getByTestId('new-letter');
    await expect(form.getByTestId('new-letter-service')).toHaveCount(1);
    await form.getByTestId('new-letter-deposit').fill('150');
    await form.getByTestId('new-letter-send').click();
    await expect(sp).toHaveURL(/\/letters\/[\w-]+$/);
    const letterPath = new URL(sp.url()).pathname;
    await expect(sp.getByTestId('letter-body')).toContainText('Deposit: $150.00');
    await expect(sp.getByTestId('letter-deposit')).toHaveCount(0);

    // The client signs; the deposit's invoice is there at once, due.
    await page.goto(letterPath);
    await page.getByTestId('letter-code').fill(totpCode(secret, true));
    await page.getByTestId('letter-confirm').click();
    await page.getByTestId('letter-signer-name').fill(customer.full_name);
    await page.getByTestId('letter-sign-submit').click();
    await expect(page.getByTestId('letter-state')).toHaveText('Signed');
    const deposit = page.getByTestId('letter-deposit');
    await expect(deposit).toContainText(usd(15000));
    await expect(deposit.getByTestId('letter-deposit-state')).toHaveText('Deposit due');
    await noSidewaysScroll(page);
    await shot(page, 'deposit-due');

    // "Pay deposit": billing's card dialog, in test mode.
    await deposit.getByTestId('letter-deposit-pay').click();
    await payWithTestCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('pay-success')).toContainText('Paid successfully');
    await page.getByTestId('pay-success').getByRole('button', { name: 'Close' }).click();
    await expect(deposit.getByTestId('letter-deposit-state')).toHaveText('Deposit paid');
    await expect(deposit.getByTestId('letter-deposit-pay')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('letter-deposit-state')).toHaveText('Deposit paid');
    await shot(page, 'deposit-paid');

    // Billing lists it, marked Deposit.
    await page.goto('/billing');
    const row = page.getByTestId('invoice-row').filter({ has: page.getByTestId('invoice-deposit-badge') });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-deposit-badge')).toHaveText('Deposit');
    await noSidewaysScroll(page);
    const depositName = (await row.getAttribute('data-name'))!;

    // Staff issue the ticket's invoice: the deposit comes off as a negative line.
    await moveToReadyForInvoice(admin.context.request, ticket);
    const final = await issueInvoiceByApi(preparer.context.request, ticket);
    await sp.goto(`/billing/${final.id}`);
    await expect(sp.getByTestId('invoice-detail')).toContainText(`Deposit paid (${depositName})`);
    await expect(sp.getByTestId('invoice-detail')).toContainText(usd(-15000));
    await noSidewaysScroll(sp);
    await shot(sp, 'final-invoice');
    await sp.goto(letterPath);
    await expect(sp.getByTestId('letter-deposit-state')).toHaveText('Deposit paid');
  });
}
