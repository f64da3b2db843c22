import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newUser, readMail, registerByApi, test, totpCode } from './fixtures.ts';
import { createTicketByApi, csrfHeaders, postJson } from './ticket-helpers.ts';
import { makePdf } from './vault-helpers.ts';

/**
 * §7216 enforcement, issue 33 item 4: staff share the filed return with the client's mortgage lender, only under the
 * client's signed consent to disclose to that lender; the lender opens the link signed out; once the client revokes
 * the consent, the link says it is no longer available.
 */

async function uploadReturn(request: APIRequestContext, ticketId: string, name: string): Promise<void> {
  const types = (await (await request.get('/api/v1/catalog/document-types')).json()) as { items: { id: string }[] };
  const res = await request.post('/api/v1/documents', {
    headers: await csrfHeaders(request),
    multipart: {
      document_type: types.items[0]!.id,
      ticket_id: ticketId,
      file: { name, mimeType: 'application/pdf', buffer: makePdf('Form 1040 U.S. Individual Income Tax Return 2024') },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The client of `request` signs a consent staff prepared, with an authenticator app turned on for it. */
async function signConsent(
  request: APIRequestContext,
  staffRequest: APIRequestContext,
  body: Record<string, unknown>,
  fullName: string,
): Promise<string> {
  const session = (await (await request.get('/api/v1/auth/session')).json()) as { user: { id: string } };
  const consent = await postJson<{ id: string }>(
    staffRequest,
    '/api/v1/consents',
    { customer_id: session.user.id, ...body },
    201,
  );
  const { secret } = await postJson<{ secret: string }>(request, '/api/v1/auth/mfa/setup', {});
  await postJson(request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
  await postJson(request, `/api/v1/consents/${consent.id}/sign`, {
    typed_name: fullName,
    factor: 'totp',
    code: totpCode(secret, true),
    agree: true,
  });
  return consent.id;
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test(`staff share the filed return with a lender under the client's consent; revoking it ends the link (${width} px)`, async ({
    page,
    customer,
    staff,
    browser,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const id = randomUUID().slice(0, 8);
    const lender = `e2e-lender-${id}@bank.example`;
    const fileName = `filed-return-2024-${id}.pdf`;
    const ticket = await createTicketByApi(page.request, 0, 2024);
    await uploadReturn(page.request, ticket.id, fileName);

    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    const shareUrl = `/form/message/${ticket.name}`;

    // Without a consent the server refuses, whatever the form shows.
    await sp.goto(shareUrl);
    const panel = sp.getByTestId('ticket-shares-panel');
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Share documents' }).click();
    const form = sp.getByTestId('share-form');
    await form.getByLabel("Recipient's e-mail").fill(lender);
    await form.getByRole('button', { name: 'Check consent' }).click();
    await expect(form.getByTestId('share-consent-missing')).toContainText(
      `${customer.full_name} has no active consent to disclose tax return information to ${lender}.`,
    );
    await form.getByLabel(fileName).check();
    await form.getByRole('button', { name: 'Send link' }).click();
    await expect(form.getByTestId('share-refused')).toContainText('has no active consent to disclose');

    // The client signs a consent to disclose to the lender (prepared by staff; signed with their authenticator app,
    // the firm's second factor).
    const consentId = await signConsent(
      page.request,
      preparer.context.request,
      {
        kind: 'disclose',
        purpose: 'Mortgage application with First Bank',
        information: 'Form 1040 for 2024, as filed',
        recipient_name: 'First Bank',
        recipient_email: lender,
        recipient_in_us: true,
      },
      customer.full_name,
    );

    await form.getByRole('button', { name: 'Check consent' }).click();
    await expect(form.getByTestId('share-consent')).toContainText('Mortgage application with First Bank');
    await form.getByRole('button', { name: 'Send link' }).click();
    const item = panel.getByTestId('share-item').first();
    await expect(item).toHaveAttribute('data-state', 'active');
    await expect(item).toContainText('First Bank');
    await expect(item).toContainText(fileName);
    await noSidewaysScroll(sp);
    await sp.screenshot({ path: test.info().outputPath(`staff-share-${width}.png`), fullPage: true });

    // The lender opens the mailed link, signed out, and sees the file to download.
    const link = /https?:\/\/\S+\/shared\/\S+/.exec((await readMail(lender, /\/shared\//)).text)![0];
    const lenderContext = await browser.newContext({ viewport });
    const lp = await lenderContext.newPage();
    await lp.goto(new URL(link).pathname);
    // Drawn by the browser, never rendered (and kept) on the server: each open is the lender's own request.
    await expect(lp.locator('#tp-prerender')).toHaveCount(0);
    const shared = lp.getByTestId('shared-documents');
    await expect(shared).toContainText(customer.full_name);
    await expect(shared).toContainText('Mortgage application with First Bank');
    await expect(shared).toContainText(fileName);
    const download = lp.waitForEvent('download');
    await lp.getByTestId('shared-file-download').click();
    expect((await download).suggestedFilename()).toBe(fileName);
    await noSidewaysScroll(lp);
    await lp.screenshot({ path: test.info().outputPath(`lender-link-${width}.png`), fullPage: true });

    // Staff and the client see the open; the client sees the share on their ticket.
    await sp.reload();
    await expect(sp.getByTestId('share-item').first().getByTestId('share-opens')).toContainText('Opened once');
    await page.goto(shareUrl);
    await expect(page.getByTestId('ticket-shares-panel')).toContainText('First Bank');
    await expect(page.getByTestId('ticket-shares-panel').getByTestId('share-opens')).toContainText('Opened once');
    await page.screenshot({ path: test.info().outputPath(`client-share-${width}.png`), fullPage: true });

    // The client revokes the consent: the link dies at once.
    await postJson(page.request, `/api/v1/consents/${consentId}/revoke`, {});
    await lp.reload();
    await expect(lp.getByTestId('shared-documents-unavailable')).toContainText('This link is no longer available');
    await lp.screenshot({ path: test.info().outputPath(`lender-revoked-${width}.png`), fullPage: true });
    await sp.reload();
    await expect(sp.getByTestId('share-item').first()).toHaveAttribute('data-state', 'consent_ended');
    await lenderContext.close();
  });
}

test('Admin sends an offer: the preview names the client without a consent to use, who is skipped (1280 px)', async ({
  staff,
  playwright,
  baseURL,
}) => {
  const admin = await staff('Admin');
  const p = admin.page;
  const id = randomUUID().slice(0, 8);
  // Two clients: one consents to the use of their information for offers, one does not.
  const willing = newUser({ full_name: `Willing Client ${id}` });
  const silent = newUser({ full_name: `Silent Client ${id}` });
  const willingApi = await playwright.request.newContext({ baseURL });
  const silentApi = await playwright.request.newContext({ baseURL });
  await registerByApi(willingApi, willing);
  await registerByApi(silentApi, silent);
  await signConsent(
    willingApi,
    admin.context.request,
    { kind: 'use', purpose: 'Offers of bookkeeping and payroll services', information: 'Name, e-mail, 2024 Form 1040' },
    willing.full_name,
  );

  await p.goto('/admin/offers');
  await p.getByLabel('Subject').fill(`Bookkeeping for your business ${id}`);
  await p.getByLabel('Message').fill('This season we also keep the books of small businesses.');
  await p.getByText('Chosen clients').click();
  const clients = p.getByRole('combobox', { name: 'Clients' });
  for (const c of [willing, silent]) {
    await clients.fill(c.email);
    await p.getByRole('option', { name: new RegExp(c.full_name) }).click();
  }
  await clients.press('Escape');
  await p.getByRole('button', { name: 'Check recipients' }).click();
  const preview = p.getByTestId('offer-preview');
  await expect(preview).toContainText('1 client will receive it.');
  await expect(preview).toContainText('1 client is skipped: no active consent to use.');
  await expect(preview).toContainText(silent.full_name);
  await p.screenshot({ path: test.info().outputPath('offer-preview-1280.png'), fullPage: true });
  await p.getByRole('button', { name: 'Send offer' }).click();
  const sent = p.getByTestId('offer-item').filter({ hasText: `Bookkeeping for your business ${id}` });
  await expect(sent).toContainText('Sent: 1');
  await expect(sent).toContainText('Skipped: 1');
  const mail = await readMail(willing.email, /revoke that consent in the portal/);
  expect(mail.subject).toBe(`Bookkeeping for your business ${id}`);
  await willingApi.dispose();
  await silentApi.dispose();
});
