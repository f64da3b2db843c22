import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expect, readMail, test, totpCode } from './fixtures.ts';
import { drawSignature, moveTicketAsAdmin } from './drafts-helpers.ts';
import { addVirtualAuthenticator } from './passkey-helpers.ts';
import { createTicketByApi, csrfHeaders, postJson } from './ticket-helpers.ts';
// The server tests' reader: the form's fonts are embedded subsets, read through their ToUnicode maps.
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';

/** The customer of `request` turns on an authenticator app (through the API): its secret. */
async function enableTotp(request: APIRequestContext): Promise<string> {
  const { secret } = await postJson<{ secret: string }>(request, '/api/v1/auth/mfa/setup', {});
  await postJson(request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
  return secret;
}

test.describe.configure({ timeout: 150_000 });

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Form 8879 on ${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('staff prepare it; the customer confirms with a TOTP code and draws a signature; the audit page says TOTP', async ({
      page,
      customer,
      staff,
    }) => {
      const secret = await enableTotp(page.request);
      const ticket = await createTicketByApi(page.request, 0, 2024);
      const prep = await staff('Tax Preparer', viewport);
      await prep.page.goto(`/form/message/${ticket.name}`);
      await prep.page.getByTestId('signing-prepare-submit').click();
      await expect(prep.page.getByTestId('toast-success').filter({ hasText: 'Form 8879 prepared' })).toBeVisible();
      await expect(prep.page.getByTestId('signer-row')).toHaveAttribute('data-signed', 'no');

      // Not signable before Ready For IRS Filing.
      await page.goto(`/form/message/${ticket.name}`);
      await expect(page.getByTestId('signing-section')).toContainText(
        'Signing opens when the ticket is Ready For IRS Filing.',
      );
      await expect(page.getByTestId('sign-as-taxpayer')).toHaveCount(0);

      const admin = await staff('Admin');
      await moveTicketAsAdmin(admin.context.request, ticket.id, 'Ready For IRS Filing');
      await page.reload();
      await page.getByTestId('sign-as-taxpayer').click();
      const dialog = page.getByTestId('signing-dialog');
      await expect(dialog.getByTestId('signing-view-form')).toHaveAttribute('href', /disposition=inline/);
      // The authenticator app is the customer's factor (a password alone no longer signs, unless the firm
      // switched the stricter check off: then it is offered too, after the app). A wrong code is refused and
      // counted, then the app's next code confirms (the current one was spent turning the app on).
      await expect(dialog.getByTestId('signing-password')).toHaveCount(0);
      const codeField = dialog.getByLabel('Authenticator or recovery code');
      await codeField.fill(totpCode(secret) === '000000' ? '111111' : '000000');
      await dialog.getByTestId('signing-confirm').click();
      await expect(dialog).toContainText('That code is not right, or it was used already.');
      await codeField.fill(totpCode(secret, true));
      await dialog.getByTestId('signing-confirm').click();
      await dialog.getByTestId('signing-name').fill(customer.full_name);
      await drawSignature(page);
      await dialog.getByTestId('signing-agree').check();
      await dialog.getByTestId('signing-submit').click();
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Form 8879 is signed' })).toBeVisible();
      await expect(page.getByTestId('signer-row')).toHaveAttribute('data-signed', 'yes');
      await expect(page.getByTestId('signing-completed')).toBeVisible();
      await expect(page.getByTestId('signer-status')).toContainText('TOTP');

      await prep.page.reload();
      const signer = prep.page.getByTestId('signer-row');
      await expect(signer).toHaveAttribute('data-signed', 'yes');
      await expect(signer.getByTestId('signer-status')).toContainText('Signed');
      await expect(signer.getByTestId('signer-status')).toContainText('drawn');
      await expect(signer.getByTestId('signer-status')).toContainText('TOTP');
      const [download] = await Promise.all([
        prep.page.waitForEvent('download'),
        prep.page.getByTestId('signed-download').click(),
      ]);
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect(pdfText(bytes)).toContain('Identity confirmed by: TOTP code from an authenticator app');
      await prep.context.close();
    });
  });
}

test('a customer with an app and a passkey signs with the passkey; the signer row and the audit page name it', async ({
  page,
  customer,
  staff,
}) => {
  // The customer has both an authenticator app and a passkey (added on Security, on this page's device).
  await enableTotp(page.request);
  const authenticator = await addVirtualAuthenticator(page);
  await page.goto('/my-profile/security');
  const card = page.getByTestId('passkeys-card');
  await card.getByLabel('Passkey name').fill('My laptop');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByTestId('passkey-row')).toContainText('My laptop');
  const [added] = await authenticator.credentials();

  const ticket = await createTicketByApi(page.request, 0, 2024);
  const prep = await staff('Tax Preparer');
  await prep.page.goto(`/form/message/${ticket.name}`);
  await prep.page.getByTestId('signing-prepare-submit').click();
  await expect(prep.page.getByTestId('toast-success').filter({ hasText: 'Form 8879 prepared' })).toBeVisible();
  const admin = await staff('Admin');
  await moveTicketAsAdmin(admin.context.request, ticket.id, 'Ready For IRS Filing');

  await page.goto(`/form/message/${ticket.name}`);
  await page.getByTestId('sign-as-taxpayer').click();
  const dialog = page.getByTestId('signing-dialog');
  // Closed without signing, the dialog gives the focus back to its button; then opened again.
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('sign-as-taxpayer')).toBeFocused();
  await page.getByTestId('sign-as-taxpayer').click();
  // Both factors are offered, the passkey first; the customer looks at the app's, then picks the passkey.
  const factor = dialog.getByTestId('signing-factor');
  await factor.getByText('Authenticator app', { exact: true }).click();
  await expect(dialog.getByLabel('Authenticator or recovery code')).toBeVisible();
  await expect(dialog.getByTestId('signing-passkey')).toHaveCount(0);
  await factor.getByText('Passkey', { exact: true }).click();
  await expect(dialog.getByLabel('Authenticator or recovery code')).toHaveCount(0);
  await dialog.getByTestId('signing-passkey').click();
  await dialog.getByTestId('signing-name').fill(customer.full_name);
  const [used] = await authenticator.credentials();
  expect(used!.signCount).toBeGreaterThan(added!.signCount);
  await drawSignature(page);
  await dialog.getByTestId('signing-agree').check();
  await dialog.getByTestId('signing-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: 'Form 8879 is signed' })).toBeVisible();
  await expect(page.getByTestId('signer-row')).toHaveAttribute('data-signed', 'yes');
  await expect(page.getByTestId('signer-status')).toContainText('drawn, passkey');

  await prep.page.reload();
  const status = prep.page.getByTestId('signer-row').getByTestId('signer-status');
  await expect(status).toContainText('Signed');
  await expect(status).toContainText('drawn, passkey');
  await expect(status).not.toContainText('TOTP');
  const [download] = await Promise.all([
    prep.page.waitForEvent('download'),
    prep.page.getByTestId('signed-download').click(),
  ]);
  const words = pdfText(fs.readFileSync((await download.path())!));
  expect(words).toContain('Identity confirmed by: passkey (WebAuthn)');
  expect(words).not.toContain('authenticator app');
  await prep.context.close();
});

test("the firm switches the stricter check off: the password and the spouse's e-mailed code sign, and it shows", async ({
  page,
  customer,
  staff,
}) => {
  const admin = await staff('Admin');
  // The Admin's switch, on the staff page. Other journeys keep working while it is off: their factor is still
  // offered (first), only the password is added.
  await admin.page.goto('/admin/staff');
  const strict = admin.page.getByTestId('signing-strict-switch');
  await expect(strict).toBeChecked();
  await strict.click(); // controlled: it turns when the server has saved it
  await expect(admin.page.getByTestId('toast-success').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(strict).not.toBeChecked();
  try {
    const ticket = await createTicketByApi(page.request, 1, 2024);
    const spouseEmail = `spouse-${Date.now()}@example.test`;
    const prep = await staff('Tax Preparer');
    await prep.page.goto(`/form/message/${ticket.name}`);
    await prep.page.getByTestId('signing-joint').check();
    await prep.page.getByTestId('signing-spouse-name').fill('Robin Spouse');
    await prep.page.getByTestId('signing-spouse-email').fill(spouseEmail);
    await prep.page.getByTestId('signing-prepare-submit').click();
    await expect(prep.page.getByTestId('signer-row')).toHaveCount(2);
    await moveTicketAsAdmin(admin.context.request, ticket.id, 'Ready For IRS Filing');

    await page.goto(`/form/message/${ticket.name}`);
    // The taxpayer signs first with the password (no factor set up), typing the signature.
    await page.getByTestId('sign-as-taxpayer').click();
    let dialog = page.getByTestId('signing-dialog');
    await expect(dialog).toContainText('Your firm has turned the stricter check off');
    await dialog.getByLabel('Your password').fill(customer.password);
    await dialog.getByTestId('signing-confirm').click();
    await dialog.getByTestId('signing-name').fill(customer.full_name);
    await dialog.getByText('Type', { exact: true }).click();
    // The typed name is the signature: asked once (issue 29), shown as it will be signed.
    await expect(dialog.getByTestId('signing-typed')).toHaveText(customer.full_name);
    await expect(dialog.getByRole('textbox')).toHaveCount(1);
    await dialog.getByTestId('signing-agree').check();
    await dialog.getByTestId('signing-submit').click();
    const taxpayerRow = page.locator('[data-testid="signer-row"][data-role="taxpayer"]');
    await expect(taxpayerRow).toHaveAttribute('data-signed', 'yes');
    await expect(taxpayerRow).toContainText('password: the firm turned the stricter check off');

    // Then the spouse, with the code from their e-mail (no phone was given).
    await page.getByTestId('sign-as-spouse').click();
    dialog = page.getByTestId('signing-dialog');
    await dialog.getByTestId('signing-send-code').click();
    await expect(dialog).toContainText('We sent a 6-digit code to s***@example.test');
    const code = /code: (\d{6})/.exec((await readMail(spouseEmail, /code: \d{6}/)).text)![1]!;
    await dialog.getByTestId('signing-code').fill(code);
    await dialog.getByTestId('signing-confirm').click();
    await dialog.getByTestId('signing-name').fill('Robin Spouse');
    await drawSignature(page);
    await dialog.getByTestId('signing-agree').check();
    await dialog.getByTestId('signing-submit').click();
    await expect(page.getByTestId('signing-completed')).toBeVisible();

    await prep.page.reload();
    await expect(prep.page.locator('[data-testid="signer-row"][data-signed="yes"]')).toHaveCount(2);
    const spouseRow = prep.page.locator('[data-testid="signer-row"][data-role="spouse"]');
    await expect(spouseRow).toContainText(spouseEmail);
    await expect(spouseRow).toContainText('e-mailed code: the firm turned the stricter check off');
    await prep.context.close();
  } finally {
    const res = await admin.context.request.put('/api/v1/admin/signing-settings', {
      data: { strict_identity: true },
      headers: await csrfHeaders(admin.context.request),
    });
    expect(res.status()).toBe(200);
  }
});
