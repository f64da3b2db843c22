import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MANDATORY_STATEMENTS } from '../../packages/contract/src/consents/statements.ts';
import { expect, readMail, test, totpCode } from './fixtures.ts';
import { postJson } from './ticket-helpers.ts';

/**
 * §7216 consents (issue 33 item 3, docs/decisions/0034): staff prepare a consent to disclose on the client's contact
 * page; the client, told by mail, reads it (the mandatory statements of Rev. Proc. 2013-14, and that signing is never a
 * condition of service), signs it with their typed name and authenticator app, then revokes it; staff see each step.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 390]) {
  test(`staff prepare a consent to disclose; the client reads, signs and revokes it (${width} px)`, async ({
    page,
    customer,
    staff,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const id = randomUUID().slice(0, 8);
    const lender = `e2e-lender-${id}@bank.example`;
    const me = (await (await page.request.get('/api/v1/auth/session')).json()) as { user: { id: string } };
    // The firm's stricter check is on: the client signs with an authenticator app (the next step's code at signing).
    const { secret } = await postJson<{ secret: string }>(page.request, '/api/v1/auth/mfa/setup', {});
    await postJson(page.request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });

    // Staff prepare the consent on the client's contact page.
    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    await sp.goto(`/contacts/${me.user.id}`);
    const panel = sp.getByTestId('contact-consents');
    await expect(panel).toBeVisible();
    await panel.getByTestId('consent-prepare-open').click();
    const form = sp.getByTestId('consent-prepare-form');
    await form.getByTestId('consent-purpose').fill('Mortgage application with First Bank');
    await form.getByTestId('consent-information').fill('Your 2025 Form 1040, as filed');
    await form.getByTestId('consent-recipient-name').fill('First Bank');
    await form.getByTestId('consent-recipient-email').fill(lender);
    // Outside the United States is refused: the box left unticked says why.
    await form.getByTestId('consent-prepare-submit').click();
    await expect(form).toContainText('only to recipients in the United States');
    await form.getByTestId('consent-recipient-in-us').check();
    await noSidewaysScroll(sp);
    await sp.screenshot({ path: test.info().outputPath(`staff-prepare-${width}.png`), fullPage: true });
    await form.getByTestId('consent-prepare-submit').click();
    await expect(form).toBeHidden();
    const row = panel.getByTestId('consent-row').first();
    await expect(row).toContainText('Mortgage application with First Bank');
    await expect(row.getByTestId('consent-status')).toHaveAttribute('data-status', 'sent');

    // The client is told by mail that it is optional, and reads it from the Consents page.
    const mail = await readMail(customer.email, /\/consents\//);
    expect(mail.text).toContain('never a condition of our services');
    await page.goto('/consents');
    await expect(page.getByTestId('consents-intro')).toContainText('never a condition of our services');
    await page.getByTestId('consent-row').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/consents\/[\w-]+$/);
    const doc = page.getByTestId('consent-document');
    for (const statement of [...MANDATORY_STATEMENTS.disclose, MANDATORY_STATEMENTS.tigta])
      await expect(doc).toContainText(statement);
    await expect(doc).toContainText(`First Bank <${lender}>`);
    await expect(page.getByTestId('consent-not-condition')).toContainText(
      'It is never a condition of our services: if you decline it, nothing else changes.',
    );
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`client-read-${width}.png`), fullPage: true });

    // The client signs: their name typed, their app's code, their assent.
    const sign = page.getByTestId('consent-sign-form');
    await sign.getByTestId('consent-typed-name').fill(customer.full_name);
    await sign.getByTestId('consent-factor-totp').check();
    await sign.getByTestId('consent-code').fill(totpCode(secret, true));
    await sign.getByTestId('consent-agree').check();
    await sign.getByTestId('consent-sign').click();
    await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'signed');
    const signature = page.getByTestId('consent-signature');
    await expect(signature).toContainText(customer.full_name);
    await expect(signature).toContainText('Authenticator app code');
    await expect(signature).toContainText(/[0-9a-f]{64}/);
    await noSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`client-signed-${width}.png`), fullPage: true });

    // Staff see it signed.
    await sp.reload();
    await expect(panel.getByTestId('consent-row').first().getByTestId('consent-status')).toHaveAttribute(
      'data-status',
      'signed',
    );

    // The client revokes it: it stops at once.
    await page.getByTestId('consent-revoke').click();
    await page.getByTestId('consent-revoke-confirm').getByRole('button', { name: 'Revoke consent' }).click();
    await expect(page.getByTestId('consent-status')).toHaveAttribute('data-status', 'revoked');
    await expect(page.getByTestId('consent-revoke')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`client-revoked-${width}.png`), fullPage: true });
    await sp.reload();
    await expect(panel.getByTestId('consent-row').first().getByTestId('consent-status')).toHaveAttribute(
      'data-status',
      'revoked',
    );
    await sp.screenshot({ path: test.info().outputPath(`staff-revoked-${width}.png`), fullPage: true });
  });
}
