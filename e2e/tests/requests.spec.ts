import { expect, test } from './fixtures.ts';
import { createTicketByApi } from './ticket-helpers.ts';

// A real 1×1 PNG: the vault checks files by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: staff request a document and the customer fulfils it by uploading`, async ({
    page,
    customer,
    staff,
  }) => {
    void customer;
    await page.setViewportSize(viewport);
    const ticket = await createTicketByApi(page.request);

    const { context, page: staffPage } = await staff('Tax Preparer', viewport);
    await staffPage.goto(`/form/message/${ticket.name}`);
    const panel = staffPage.getByTestId('ticket-requests');
    await panel.getByRole('button', { name: 'Request documents' }).click();
    const form = staffPage.getByTestId('request-documents-form');
    await form.getByRole('checkbox', { name: 'W-2', exact: true }).check();
    await form.getByLabel('Other documents (one per line)').fill('Daycare provider letter');
    await form.getByLabel('Note to the customer (optional)').fill('Both pages, please.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.locator('[data-testid="document-request"][data-label="W-2"]')).toHaveAttribute(
      'data-status',
      'open',
    );
    await expect(panel.locator('[data-testid="document-request"]')).toHaveCount(2);

    // The customer sees it on the dashboard and on the ticket.
    await page.goto('/dashboard');
    const dash = page.getByTestId('dashboard-requests');
    await expect(dash).toBeVisible();
    await expect(dash.getByTestId('dashboard-request')).toHaveText(['W-2', 'Daycare provider letter']);
    await dash.getByRole('link', { name: `Open ${ticket.name}` }).click();
    const mine = page.getByTestId('ticket-requests');
    const w2 = mine.locator('[data-testid="document-request"][data-label="W-2"]');
    await expect(w2).toContainText('Both pages, please.');
    await w2.getByRole('button', { name: 'Upload: W-2' }).click();

    // The upload dialog of that request (the ticket page has the vault's own uploader too).
    const dialog = page.getByRole('dialog', { name: 'Upload: W-2' });
    const uploader = dialog.getByTestId('document-uploader');
    // The request's document type is chosen already.
    await expect(uploader.getByTestId('document-type-select')).toHaveValue('W-2');
    await uploader
      .getByTestId('document-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'w2-2024.png', mimeType: 'image/png', buffer: PNG });
    await uploader.getByTestId('upload-submit').click();
    await expect(dialog).toBeHidden();
    await expect(w2).toHaveAttribute('data-status', 'fulfilled');
    await expect(w2.getByRole('button', { name: 'Upload: W-2' })).toHaveCount(0);
    await expect(
      mine.locator('[data-testid="document-request"][data-label="Daycare provider letter"]'),
    ).toHaveAttribute('data-status', 'open');

    // Staff see it received.
    await staffPage.reload();
    await expect(
      staffPage.getByTestId('ticket-requests').locator('[data-testid="document-request"][data-label="W-2"]'),
    ).toHaveAttribute('data-status', 'fulfilled');
    await context.close();
  });
}
