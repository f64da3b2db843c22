import fs from 'node:fs';
import { expect, readMail, test } from './fixtures.ts';
import { drawSignature, moveTicketAsAdmin } from './drafts-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

test.describe.configure({ timeout: 150_000 });

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Form 8879 on ${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('staff prepare it; the customer confirms the password and draws a signature; staff download the signed PDF', async ({
      page,
      customer,
      staff,
    }) => {
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
      // A wrong password is refused, then the right one confirms.
      await dialog.getByLabel('Your password').fill('not-my-password');
      await dialog.getByTestId('signing-confirm').click();
      await expect(dialog).toContainText('The password is not correct.');
      await dialog.getByLabel('Your password').fill(customer.password);
      await dialog.getByTestId('signing-confirm').click();
      await dialog.getByTestId('signing-name').fill(customer.full_name);
      await drawSignature(page);
      await dialog.getByTestId('signing-agree').check();
      await dialog.getByTestId('signing-submit').click();
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Form 8879 is signed' })).toBeVisible();
      await expect(page.getByTestId('signer-row')).toHaveAttribute('data-signed', 'yes');
      await expect(page.getByTestId('signing-completed')).toBeVisible();

      await prep.page.reload();
      const signer = prep.page.getByTestId('signer-row');
      await expect(signer).toHaveAttribute('data-signed', 'yes');
      await expect(signer.getByTestId('signer-status')).toContainText('Signed');
      await expect(signer.getByTestId('signer-status')).toContainText('drawn');
      const [download] = await Promise.all([
        prep.page.waitForEvent('download'),
        prep.page.getByTestId('signed-download').click(),
      ]);
      const bytes = fs.readFileSync((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await prep.context.close();
    });
  });
}

test('a joint return: staff name the spouse, who signs with a code e-mailed to them (typed signature)', async ({
  page,
  customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 1, 2024);
  const spouseEmail = `spouse-${Date.now()}@example.test`;
  const prep = await staff('Tax Preparer');
  await prep.page.goto(`/form/message/${ticket.name}`);
  await prep.page.getByTestId('signing-joint').check();
  await prep.page.getByTestId('signing-spouse-name').fill('Robin Spouse');
  await prep.page.getByTestId('signing-spouse-email').fill(spouseEmail);
  await prep.page.getByTestId('signing-prepare-submit').click();
  await expect(prep.page.getByTestId('signer-row')).toHaveCount(2);
  const admin = await staff('Admin');
  await moveTicketAsAdmin(admin.context.request, ticket.id, 'Ready For IRS Filing');

  await page.goto(`/form/message/${ticket.name}`);
  // The taxpayer signs first, typing the signature.
  await page.getByTestId('sign-as-taxpayer').click();
  let dialog = page.getByTestId('signing-dialog');
  await dialog.getByLabel('Your password').fill(customer.password);
  await dialog.getByTestId('signing-confirm').click();
  await dialog.getByTestId('signing-name').fill(customer.full_name);
  await dialog.getByText('Type', { exact: true }).click();
  await dialog.getByTestId('signing-typed').fill(customer.full_name);
  await dialog.getByTestId('signing-agree').check();
  await dialog.getByTestId('signing-submit').click();
  await expect(page.locator('[data-testid="signer-row"][data-role="taxpayer"]')).toHaveAttribute('data-signed', 'yes');

  // Then the spouse, with the code from their e-mail.
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
  await expect(prep.page.locator('[data-testid="signer-row"][data-role="spouse"]')).toContainText(spouseEmail);
  await prep.context.close();
});
