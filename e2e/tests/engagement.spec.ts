import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { expect, readMail, test, totpCode } from './fixtures.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/**
 * Engagement letters (issue 33, docs/decisions/0036): an Admin writes a template in the site editor's rich text (an
 * unknown merge field refused, named); staff send a letter for the client's ticket with its fee edited and a deposit;
 * the client, told by mail, reads it and signs with their authenticator app and a typed signature; the signed PDF's
 * certificate page names them, the factor and the letter's SHA-256; a second letter is declined with a reason.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe.configure({ timeout: 240_000 });

for (const width of [1280, 390]) {
  test(`Admin writes a template; staff send a letter; the client signs one and declines another (${width} px)`, async ({
    page,
    customer,
    staff,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const id = randomUUID().slice(0, 6);

    // The Admin writes the default template (any service type) in the rich text editor.
    const admin = await staff('Admin', viewport);
    const ap = admin.page;
    await ap.goto('/admin/engagement-templates/new');
    await ap.getByTestId('template-name').fill(`Engagement ${id}`);
    const editor = ap.getByTestId('template-body').getByRole('textbox');
    await editor.click();
    await editor.pressSequentially('Dear {{client_name}}, we will prepare your {{tax_year}} return. SSN {{ssn}}');
    await ap.getByTestId('template-save').click();
    await expect(ap.getByTestId('template-error')).toContainText('{{ssn}}');
    for (let i = 0; i < ' SSN {{ssn}}'.length; i++) await editor.press('Backspace');
    await editor.press('Enter');
    await editor.pressSequentially('Fees: {{services}}');
    await editor.press('Enter');
    await editor.pressSequentially('Deposit: {{deposit}}. {{firm_name}}, {{date}}');
    await noSidewaysScroll(ap);
    await shot(ap, 'admin-template');
    await ap.getByTestId('template-save').click();
    await expect(ap).toHaveURL(/\/admin\/engagement-templates\/[\w-]+$/);
    await expect(ap.getByText('Version 1').first()).toBeVisible();

    // The client: an authenticator app (the firm's stricter check is on) and a ticket.
    const { secret } = await postJson<{ secret: string }>(page.request, '/api/v1/auth/mfa/setup', {});
    await postJson(page.request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
    const ticket = await createTicketByApi(page.request);

    // Staff send the letter: the ticket's service and fee prefilled, the fee changed, a deposit asked.
    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    await sp.goto(`/letters?ticket=${ticket.name}`);
    const form = sp.getByTestId('new-letter');
    await expect(form.getByTestId('new-letter-service')).toHaveCount(1);
    await form.getByTestId('new-letter-fee').fill('425');
    await form.getByTestId('new-letter-deposit').fill('100');
    await noSidewaysScroll(sp);
    await shot(sp, 'staff-new-letter');
    await form.getByTestId('new-letter-send').click();
    await expect(sp).toHaveURL(/\/letters\/[\w-]+$/);
    await expect(sp.getByTestId('letter-state')).toHaveText('Sent');
    const body = sp.getByTestId('letter-body');
    await expect(body).toContainText(`Dear ${customer.full_name}, we will prepare your 2024 return.`);
    await expect(body).toContainText('$425.00');
    await expect(body).toContainText('Deposit: $100.00');

    // The client is told by mail, opens it from their letters and signs it.
    const mail = await readMail(customer.email, /\/letters\//);
    const link = /\/letters\/[\w-]+/.exec(mail.text)![0];
    await page.goto('/letters');
    await page.getByTestId('letter-link').first().click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByTestId('letter-state')).toHaveText('Viewed');
    await expect(page.getByTestId('letter-body')).toContainText('$425.00');
    await noSidewaysScroll(page);
    await shot(page, 'client-letter');
    await page.getByTestId('letter-code').fill(totpCode(secret, true));
    await page.getByTestId('letter-confirm').click();
    await page.getByTestId('letter-signer-name').fill(customer.full_name);
    await page.getByTestId('letter-sign-submit').click();
    await expect(page.getByTestId('letter-state')).toHaveText('Signed');
    await noSidewaysScroll(page);
    await shot(page, 'client-signed');

    // The signed PDF: the letter, then the certificate page.
    const href = await page.getByTestId('letter-pdf').getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    const text = pdfText(Buffer.from(await pdf.body()), ' ');
    expect(text).toContain(`Dear ${customer.full_name}`);
    expect(text).toContain('Certificate of signature');
    expect(text).toContain(`Client: ${customer.full_name}`);
    expect(text).toMatch(/Identity confirmed by: .*authenticator/i);
    expect(text).toMatch(/Document SHA-256: [0-9a-f]{64}/);
    expect(text).toMatch(/Signed: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

    // Staff see it signed; a second letter is declined with a reason.
    await sp.reload();
    await expect(sp.getByTestId('letter-state')).toHaveText('Signed');
    // (on another ticket of theirs: a ticket takes one waiting or signed letter)
    const other = await createTicketByApi(page.request);
    const second = await postJson<{ id: string }>(
      preparer.context.request,
      '/api/v1/engagement-letters',
      { ticket_id: other.id },
      201,
    );
    await page.goto(`/letters/${second.id}`);
    await page.getByTestId('letter-decline-open').click();
    await page.getByTestId('letter-decline-reason').fill('We will file ourselves this year.');
    await page.getByTestId('letter-decline').click();
    await expect(page.getByTestId('letter-state')).toHaveText('Declined');
    await shot(page, 'client-declined');
    await sp.goto(`/letters/${second.id}`);
    await expect(sp.getByTestId('letter-state')).toHaveText('Declined');
    await expect(sp.getByText('We will file ourselves this year.')).toBeVisible();
    await shot(sp, 'staff-declined');
  });
}
