import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { addVirtualAuthenticator } from './passkey-helpers.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/**
 * A passkey at signing beyond Form 8879 (issue 33's loose ends; docs/decisions/0034, 0036): a client whose only
 * factor is a passkey (Chromium's virtual authenticator) signs an engagement letter with it, and a §7216 consent;
 * the letter's certificate page and the consent's PDF name the passkey.
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
  test(`a client signs a letter and a consent with their passkey (${width} px)`, async ({ page, customer, staff }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    // The client's one factor: a passkey, added on Security with this page's device.
    const authenticator = await addVirtualAuthenticator(page);
    await page.goto('/my-profile/security');
    const card = page.getByTestId('passkeys-card');
    await card.getByLabel('Passkey name').fill('My phone');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(card.getByTestId('passkey-row')).toContainText('My phone');
    expect(await authenticator.credentials()).toHaveLength(1);

    // A template of the Admin's and a letter sent for the client's ticket.
    const admin = await staff('Admin', viewport);
    const template = await postJson<{ id: string }>(
      admin.context.request,
      '/api/v1/admin/engagement-templates',
      {
        name: `Passkey letter ${randomUUID().slice(0, 6)}`,
        service_type_id: null,
        body: '<p>Dear {{client_name}}, we will prepare your {{tax_year}} return.</p>{{services}}',
      },
      201,
    );
    const ticket = await createTicketByApi(page.request);
    const preparer = await staff('Tax Preparer', viewport);
    const letter = await postJson<{ id: string }>(
      preparer.context.request,
      '/api/v1/engagement-letters',
      { ticket_id: ticket.id, template_id: template.id },
      201,
    );

    // The letter's sign step offers the passkey; the browser's authenticator answers; then the typed signature.
    await page.goto(`/letters/${letter.id}`);
    const sign = page.getByTestId('letter-sign');
    await expect(sign.getByText('Your device asks for your fingerprint, face or PIN.')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, 'letter-passkey');
    await sign.getByTestId('letter-passkey').click();
    await page.getByTestId('letter-signer-name').fill(customer.full_name);
    await page.getByTestId('letter-sign-submit').click();
    await expect(page.getByTestId('letter-state')).toHaveText('Signed');
    const href = await page.getByTestId('letter-pdf').getAttribute('href');
    const letterPdf = pdfText(Buffer.from(await (await page.request.get(href!)).body()), ' ');
    expect(letterPdf).toContain('Certificate of signature');
    expect(letterPdf).toContain('Identity confirmed by: passkey (WebAuthn)');

    // A consent to use, prepared by staff, signed with the same passkey; its PDF names it.
    const me = (await (await page.request.get('/api/v1/auth/session')).json()) as { user: { id: string } };
    const consent = await postJson<{ id: string }>(
      preparer.context.request,
      '/api/v1/consents',
      { customer_id: me.user.id, kind: 'use', purpose: 'Offers of bookkeeping', information: 'Name and e-mail' },
      201,
    );
    await page.goto(`/consents/${consent.id}`);
    const form = page.getByTestId('consent-sign-form');
    await expect(form.getByTestId('consent-passkey-hint')).toBeVisible();
    await form.getByTestId('consent-typed-name').fill(customer.full_name);
    await form.getByTestId('consent-agree').check();
    await noSidewaysScroll(page);
    await shot(page, 'consent-passkey');
    await form.getByTestId('consent-sign').click();
    const signature = page.getByTestId('consent-signature');
    await expect(signature).toContainText('My passkey');
    await noSidewaysScroll(page);
    await shot(page, 'consent-signed');
    const pdfHref = await signature.getByTestId('consent-pdf').getAttribute('href');
    const consentPdf = await page.request.get(pdfHref!);
    expect(consentPdf.status()).toBe(200);
    const text = pdfText(Buffer.from(await consentPdf.body()), ' ');
    expect(text).toContain('Certificate of signature');
    expect(text).toContain(`Signed by: ${customer.full_name}`);
    expect(text).toContain('Identity confirmed by: passkey (WebAuthn)');
    // Staff download the same PDF; the signature is the client's alone.
    expect((await preparer.context.request.get(pdfHref!)).status()).toBe(200);
  });
}
