import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { payWithTestCard, usd } from './billing-helpers.ts';
import { expect, test, totpCode } from './fixtures.ts';
import { enableTotp, expectNoSidewaysScroll, spouseByApi } from './household-helpers.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/**
 * A joint engagement letter (issue 33's acceptance, docs/decisions/0036): a client and their spouse file a joint
 * return; staff send its letter with a deposit and remind them; the client, told in the portal, signs their part and
 * is told the spouse still signs; the spouse, signed in as themselves with their own authenticator app, signs theirs
 * and pays the deposit by card; the signed PDF's certificate names both. The household, the ticket, the template and
 * the letter are made through the API (their own journeys test their screens).
 */

const TEMPLATE = '<p>Dear {{client_names}}, your {{tax_year}} return.</p>{{services}}<p>Deposit: {{deposit}}.</p>';

test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 390]) {
  test(`a joint letter with a deposit: reminded, signed by both spouses, paid (${width} px)`, async ({
    page,
    customer,
    staff,
    browser,
    baseURL,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    // A household with a joint return; each spouse has an authenticator app (the firm's stricter check is on).
    const secret = await enableTotp(page.request);
    const spouse = await spouseByApi(page.request, browser, { baseURL, viewport });
    const them = spouse.page;
    const spouseSecret = await enableTotp(spouse.context.request);
    const ticket = await createTicketByApi(page.request, 0, 2024, { joint: true });

    // Staff send the ticket's letter with a $150 deposit (named template: no other journey's default in the way).
    const admin = await staff('Admin', viewport);
    const template = await postJson<{ id: string }>(
      admin.context.request,
      '/api/v1/admin/engagement-templates',
      { name: `Joint ${randomUUID().slice(0, 6)}`, service_type_id: null, is_default: false, body: TEMPLATE },
      201,
    );
    const letter = await postJson<{ id: string }>(
      admin.context.request,
      '/api/v1/engagement-letters',
      { ticket_id: ticket.id, template_id: template.id, deposit_cents: 15_000 },
      201,
    );
    const letterPath = `/letters/${letter.id}`;

    // Staff open it and remind the couple now.
    const ap = admin.page;
    await ap.goto(letterPath);
    await expect(ap.getByTestId('letter-state')).toHaveText('Sent');
    await expect(ap.getByTestId('letter-signer')).toHaveCount(2);
    await ap.getByTestId('letter-remind').click();
    await expect(ap.getByTestId('toast-success').filter({ hasText: 'Reminder sent' })).toBeVisible();
    await expectNoSidewaysScroll(ap);

    // The client reads the reminder in their notifications and opens the letter from their list.
    await page.goto('/dashboard');
    await page.getByTestId('notification-bell').click();
    const reminder = page
      .getByTestId('notification')
      .filter({ hasText: 'Reminder: your engagement letter for 2024 is waiting' });
    await expect(reminder).toHaveCount(1);
    await reminder.getByRole('button', { name: /^Reminder: / }).click();
    await expect(page).toHaveURL(/\/letters$/);
    await page.getByTestId('letter-link').first().click();
    await expect(page).toHaveURL(new RegExp(`${letterPath}$`));
    await expect(page.getByTestId('letter-state')).toHaveText('Viewed');
    await expect(page.getByTestId('letter-body')).toContainText(
      `Dear ${customer.full_name} and ${spouse.user.full_name}, your 2024 return.`,
    );

    // The client signs their part: the letter waits for the spouse.
    await page.getByTestId('letter-code').fill(totpCode(secret, true));
    await page.getByTestId('letter-confirm').click();
    await page.getByTestId('letter-signer-name').fill(customer.full_name);
    await page.getByTestId('letter-sign-submit').click();
    await expect(page.getByTestId('letter-part-signed')).toHaveText(
      `Your part is signed. ${spouse.user.full_name} still needs to sign.`,
    );
    await expect(page.getByTestId('letter-state')).toHaveText('Viewed');
    await expect(page.getByTestId('letter-sign')).toHaveCount(0);
    await expect(page.getByTestId('letter-deposit')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await shot(page, 'client-part-signed');

    // The spouse, signed in as themselves, signs theirs with their own app: the letter is signed, the deposit due.
    await them.goto(letterPath);
    await them.getByTestId('letter-code').fill(totpCode(spouseSecret, true));
    await them.getByTestId('letter-confirm').click();
    await them.getByTestId('letter-signer-name').fill(spouse.user.full_name);
    await them.getByTestId('letter-sign-submit').click();
    await expect(them.getByTestId('letter-state')).toHaveText('Signed');
    // A deposit now due is the next step: no toast is put over its Pay button (at 390 px it covered it).
    await expect(them.getByTestId('toast-success').filter({ hasText: 'your letter is signed' })).toHaveCount(0);
    const deposit = them.getByTestId('letter-deposit');
    await expect(deposit).toContainText(usd(15_000));
    await expect(deposit.getByTestId('letter-deposit-state')).toHaveText('Deposit due');
    await expectNoSidewaysScroll(them);

    // The spouse pays it by card from the letter (either filer may pay a joint return's invoice).
    await deposit.getByTestId('letter-deposit-pay').click();
    await payWithTestCard(them, '4242 4242 4242 4242');
    await expect(them.getByTestId('pay-success')).toContainText('Paid successfully');
    await them.getByTestId('pay-success').getByRole('button', { name: 'Close' }).click();
    await expect(deposit.getByTestId('letter-deposit-state')).toHaveText('Deposit paid');
    await expectNoSidewaysScroll(them);
    await shot(them, 'spouse-paid');

    // The client sees it signed and paid; the signed PDF's certificate names both signers.
    await page.reload();
    await expect(page.getByTestId('letter-state')).toHaveText('Signed');
    await expect(page.getByTestId('letter-deposit-state')).toHaveText('Deposit paid');
    const href = await page.getByTestId('letter-pdf').getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    const text = pdfText(Buffer.from(await pdf.body()), ' ');
    expect(text).toContain('Certificate of signature');
    expect(text).toContain(`Client: ${customer.full_name}`);
    expect(text).toContain(`Spouse: ${spouse.user.full_name}`);
    expect(text.match(/Identity confirmed by: [^:]*authenticator/gi)).toHaveLength(2);
    await spouse.context.close();
  });
}
