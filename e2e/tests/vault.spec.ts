import { expect, type Page } from '@playwright/test';
import { newUser, registerByApi, test as customerTest } from './fixtures.ts';
import { chooseOption, createTicketByApi, csrfHeaders } from './ticket-helpers.ts';
import { makePdf, makePng, pickFiles, throttleUploads } from './vault-helpers.ts';

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: '390 px', width: 390, height: 844 },
];

/** Upload with a visible progress bar, thumbnail, preview, download, delete: the customer's journey. */
async function customerJourney(page: Page) {
  const ticket = await createTicketByApi(page.request);
  await page.goto('/vault');
  await expect(page.getByRole('heading', { name: 'Document Vault', level: 1 })).toBeVisible();
  await expect(page.getByTestId('vault-empty')).toBeVisible();

  const photo = makePng(500, 500, true); // ~750 KB, slowed to ~250 KB/s below
  await pickFiles(page, [{ name: 'w2-photo.png', mimeType: 'image/png', buffer: photo }]);
  await chooseOption(page, 'document-ticket-select', new RegExp(`^${ticket.name.replace('.', '\\.')} `));
  await throttleUploads(page, 250 * 1024);
  await page.getByTestId('upload-submit').click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toContainText('Your Image Is Being Upload.!');
  await expect(progress).toContainText('Please wait...!');
  await expect(progress.getByRole('progressbar')).toBeVisible();
  await expect(page.getByTestId('toast-success')).toContainText('Document uploaded', { timeout: 20_000 });
  await expect(progress).toBeHidden();

  const card = page.locator('[data-testid="document-card"][data-name="w2-photo.png"]');
  await expect(card).toBeVisible();
  const thumb = card.getByTestId('document-thumbnail');
  await expect(thumb).toBeVisible();
  await expect
    .poll(() =>
      thumb.evaluate((el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number };
        return img.complete ? img.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'W-2' })).toContainText('w2-photo.png');

  // Preview in a modal.
  await card.getByRole('button', { name: 'Preview w2-photo.png' }).click();
  const modal = page.getByRole('dialog', { name: 'w2-photo.png' });
  await expect(modal).toBeVisible();
  const big = modal.getByTestId('preview-image');
  await expect
    .poll(() =>
      big.evaluate((el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number };
        return img.complete ? img.naturalWidth : 0;
      }),
    )
    .toBe(500);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Download: the same bytes, under the server's name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download w2-photo.png' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('w2-photo.png');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).equals(photo)).toBe(true);

  // Group by ticket.
  await page.getByTestId('vault-group-by').getByText('Ticket').click();
  await expect(page.getByTestId('vault-group').first().getByRole('heading')).toHaveText(ticket.name);

  // Delete with confirmation.
  await card.getByRole('button', { name: 'Delete w2-photo.png' }).click();
  await page.getByTestId('confirm-delete').getByRole('button', { name: 'Ok' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByTestId('vault-empty')).toBeVisible();
}

/** Refused before sending: SPEC's texts, and no request leaves the browser. */
async function tooLarge(page: Page) {
  await page.goto('/vault');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v1/documents')) posts.push(r.url());
  });
  await page
    .getByTestId('document-dropzone')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'huge-scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
    });
  const alert = page.getByTestId('upload-error');
  await expect(alert).toContainText('File Size Exceeded.!');
  await expect(alert).toContainText('Please Upload Files Below Size Of 10.0 MB...!');
  await expect(page.getByTestId('pending-files')).toHaveCount(0);
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('document-type-select')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
}

for (const vp of VIEWPORTS) {
  customerTest.describe(`the vault (${vp.label})`, () => {
    customerTest.use({ viewport: { width: vp.width, height: vp.height } });

    customerTest(
      'a customer uploads, sees the thumbnail, previews, downloads and deletes',
      async ({ page, customer }) => {
        expect(customer.email).toBeTruthy();
        await customerJourney(page);
      },
    );

    customerTest("the ticket's documents panel lists uploads made on the ticket", async ({ page, customer }) => {
      expect(customer.email).toBeTruthy();
      const ticket = await createTicketByApi(page.request);
      await page.goto(`/form/message/${ticket.name}`);
      const panel = page.getByTestId('ticket-uploads-panel');
      await expect(panel).toContainText('No documents on this ticket yet.');
      await panel.getByTestId('document-type-select').click();
      await page.getByRole('option', { name: '1099-DIV', exact: true }).click();
      await panel
        .getByTestId('document-dropzone')
        .locator('input[type=file]')
        .setInputFiles({ name: 'dividends.png', mimeType: 'image/png', buffer: makePng(240, 160) });
      await panel.getByTestId('upload-submit').click();
      const row = panel.locator('[data-testid="document-row"][data-name="dividends.png"]');
      await expect(row).toBeVisible();
      await expect(row).toContainText('1099-DIV');
      await expect(row.locator('img')).toHaveAttribute('src', /\/thumbnail$/);
      // The vault shows it under the ticket.
      await panel.getByRole('link', { name: 'Open the vault' }).click();
      await page.getByTestId('vault-group-by').getByText('Ticket').click();
      await expect(page.getByRole('region', { name: ticket.name })).toContainText('dividends.png');
    });

    customerTest('what the tax team sends shows in its own part of the vault', async ({ page, customer, staff }) => {
      expect(customer.email).toBeTruthy();
      const ticket = await createTicketByApi(page.request);
      const { context: preparer } = await staff('Tax Preparer');
      const res = await preparer.request.post(`/api/v1/tickets/${ticket.id}/drafts`, {
        headers: await csrfHeaders(preparer.request),
        multipart: {
          label: 'Draft',
          file: { name: 'draft-return.pdf', mimeType: 'application/pdf', buffer: makePdf('Draft 1040') },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      await preparer.close();

      await page.goto('/vault');
      const fromTeam = page.getByTestId('vault-from-team');
      await expect(fromTeam.getByRole('heading', { name: 'From your tax team' })).toBeVisible();
      const card = fromTeam.locator('[data-testid="document-card"]');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText('Draft');
      await expect(card.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
      await expect(card.getByRole('button', { name: /^Preview/ })).toBeVisible();
    });

    customerTest('a file over 10 MB is refused before sending', async ({ page, customer }) => {
      expect(customer.email).toBeTruthy();
      await tooLarge(page);
    });
  });

  customerTest(
    `staff open a customer's vault from the contact page and upload into it (${vp.label})`,
    async ({ staff, browser, baseURL }) => {
      const owner = newUser();
      const ownerCtx = await browser.newContext({ baseURL });
      await registerByApi(ownerCtx.request, owner);
      const me = (await (await ownerCtx.request.get('/api/v1/auth/session')).json()) as { user: { id: string } };

      const { context, page } = await staff('Tax Preparer', { width: vp.width, height: vp.height });
      await page.goto(`/contacts/${me.user.id}`);
      await page.getByRole('link', { name: "Customer's vault" }).click();
      await expect(page).toHaveURL(new RegExp(`/vault\\?customer=${me.user.id}$`));
      await expect(page.getByText(`${owner.full_name}'s documents`)).toBeVisible();
      await pickFiles(
        page,
        [{ name: 'engagement-letter.pdf', mimeType: 'application/pdf', buffer: makePdf() }],
        '1099-INT',
      );
      await page.getByTestId('upload-submit').click();
      const card = page.locator('[data-testid="document-card"][data-name="engagement-letter.pdf"]');
      await expect(card).toBeVisible();
      // The PDF previews in a frame of its inline URL.
      await card.getByRole('button', { name: 'Preview engagement-letter.pdf' }).click();
      const frame = page.getByTestId('preview-pdf');
      await expect(frame).toHaveAttribute('src', /\/api\/v1\/documents\/[^/]+\/file\?disposition=inline$/);
      const res = await page.request.get((await frame.getAttribute('src'))!);
      expect(res.headers()['content-type']).toBe('application/pdf');
      expect(res.headers()['content-disposition']).toMatch(/^inline; filename="engagement-letter.pdf"/);
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
      await page.keyboard.press('Escape');

      // The customer sees it in their own vault.
      const list = (await (await ownerCtx.request.get('/api/v1/documents')).json()) as {
        items: { file_name: string }[];
      };
      expect(list.items.map((d) => d.file_name)).toContain('engagement-letter.pdf');
      await context.close();
      await ownerCtx.close();
    },
  );
}
