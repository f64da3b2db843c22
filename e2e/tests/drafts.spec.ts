import { expect, test } from './fixtures.ts';
import { moveTicketAsAdmin, uploadDraftByUi } from './drafts-helpers.ts';
import { createTicketByApi, csrfHeaders, waitForLiveUpdates } from './ticket-helpers.ts';

test.describe.configure({ timeout: 150_000 });

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`drafts on ${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('staff upload a draft; the customer previews and approves it: Draft Finalised', async ({
      page,
      customer: _customer,
      staff,
    }) => {
      const ticket = await createTicketByApi(page.request, 0, 2024);
      const admin = await staff('Admin');
      await moveTicketAsAdmin(admin.context.request, ticket.id, 'Tax Preparation');

      const prep = await staff('Tax Preparer', viewport);
      await prep.page.goto(`/form/message/${ticket.name}`);
      // Issue 29 item 11: the preparer is told, before and after, that an upload moves the ticket, and at Draft
      // Ready what moves it on (the customer's decision), not only the one move back they may make.
      await expect(prep.page.getByTestId('draft-upload-effect')).toHaveText(
        'Uploading moves the ticket to Draft Ready and asks the customer to review the draft.',
      );
      await uploadDraftByUi(prep.page, 'FIRST-DRAFT', 'CPA Reviewed');
      await expect(
        prep.page.getByTestId('toast-success').filter({ hasText: 'the ticket is now Draft Ready' }),
      ).toBeVisible();
      await expect(prep.page.getByTestId('status-by-itself')).toHaveText(
        'It moves by itself when the customer approves the draft (to Draft Finalised); ' +
          'the customer asks for changes (back to Tax Preparation); the invoice is paid (to Payment Collected).',
      );
      await expect(prep.page.getByTestId('draft-upload-effect')).toHaveText(
        'The ticket stays where it is; the customer is asked to review the new version.',
      );
      const staffRow = prep.page.getByTestId('draft-row').first();
      await expect(staffRow).toHaveAttribute('data-version', '1');
      await expect(staffRow.getByTestId('draft-label')).toHaveText('CPA Reviewed');
      await expect(staffRow.getByTestId('draft-label')).toHaveAttribute('data-badge', 'filing_in_progress');
      await expect(prep.page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'Draft Ready');

      await page.goto(`/form/message/${ticket.name}`);
      const row = page.getByTestId('draft-row').first();
      await expect(row).toHaveAttribute('data-status', 'pending');
      await row.getByTestId('draft-preview').click();
      const frame = page.getByTestId('draft-preview-frame');
      await expect(frame).toBeVisible();
      await expect(frame).toHaveAttribute('src', /\/api\/v1\/documents\/.+\/file\?disposition=inline$/);
      const src = (await frame.getAttribute('src'))!;
      const inline = await page.request.get(src);
      expect(inline.status()).toBe(200);
      expect(inline.headers()['content-type']).toContain('application/pdf');
      expect((await inline.body()).toString('latin1')).toContain('FIRST-DRAFT');
      await page.keyboard.press('Escape');
      await expect(frame).toBeHidden();

      await row.getByTestId('draft-approve').click();
      await page.getByTestId('draft-approve-dialog').getByRole('button', { name: 'Ok' }).click();
      await expect(page.getByTestId('toast-success').filter({ hasText: 'Draft approved' })).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'approved');
      await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'Draft Finalised');
      await expect(row.getByTestId('draft-approve')).toHaveCount(0);

      // Staff see it too (live, or at the latest on reload).
      await prep.page.reload();
      await expect(prep.page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'Draft Finalised');
      await expect(prep.page.getByTestId('ticket-status')).toHaveText('Draft Finalised');
      await prep.context.close();
    });

    test('the customer asks for changes: the message is on the conversation; v2 supersedes v1', async ({
      page,
      customer: _customer,
      staff,
    }) => {
      const ticket = await createTicketByApi(page.request, 1, 2024);
      const admin = await staff('Admin');
      await moveTicketAsAdmin(admin.context.request, ticket.id, 'Tax Preparation');
      const prep = await staff('Tax Preparer', viewport);
      await prep.page.goto(`/form/message/${ticket.name}`);
      await uploadDraftByUi(prep.page, 'DRAFT-V1');

      await page.goto(`/form/message/${ticket.name}`);
      const row = page.getByTestId('draft-row').first();
      await row.getByTestId('draft-request-changes').click();
      const dialog = page.getByTestId('draft-changes-dialog');
      await dialog.getByTestId('draft-changes-message').fill('Line 1 wages should be 52,300 per my W-2.');
      await dialog.getByTestId('draft-changes-send').click();
      await expect(
        page.getByTestId('toast-success').filter({ hasText: 'Your request for changes was sent' }),
      ).toBeVisible();
      await expect(
        page.getByTestId('message').filter({ hasText: 'Line 1 wages should be 52,300 per my W-2.' }),
      ).toBeVisible();
      await expect(row).toHaveAttribute('data-status', 'changes_requested');
      await expect(page.getByTestId('ticket-status')).toHaveAttribute('data-status', 'Tax Preparation');

      // Staff read it in the conversation and upload v2; v1 stays listed.
      await prep.page.reload();
      await expect(prep.page.getByTestId('message').filter({ hasText: 'Line 1 wages should be 52,300' })).toBeVisible();
      await uploadDraftByUi(prep.page, 'DRAFT-V2', 'Sample only');
      await page.reload();
      const rows = page.getByTestId('draft-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toHaveAttribute('data-version', '2');
      await expect(rows.nth(0).getByTestId('draft-label')).toHaveAttribute('data-badge', 'sample_only');
      await expect(rows.nth(1)).toHaveAttribute('data-version', '1');
      await expect(rows.nth(1).getByTestId('draft-approve')).toHaveCount(0);
      await expect(rows.nth(0).getByTestId('draft-approve')).toBeVisible();
      await prep.context.close();
    });
  });
}

test('a draft the ticket moved past without a review reads "Not reviewed" (live), and "Superseded by v2" once replaced', async ({
  page,
  customer: _customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 0, 2024);
  const admin = await staff('Admin');
  await moveTicketAsAdmin(admin.context.request, ticket.id, 'Tax Preparation');
  const prep = await staff('Tax Preparer');
  await prep.page.goto(`/form/message/${ticket.name}`);
  await uploadDraftByUi(prep.page, 'UNREVIEWED-V1');

  await page.goto(`/form/message/${ticket.name}`);
  await waitForLiveUpdates(page);
  const v1 = page.locator('[data-testid="draft-row"][data-version="1"]');
  await expect(v1.getByTestId('draft-status')).toHaveText('Awaiting review');
  await expect(v1.getByTestId('draft-approve')).toBeVisible();

  // Staff move the ticket on by hand, without the customer's decision: the open page follows.
  await moveTicketAsAdmin(admin.context.request, ticket.id, 'Filing In Process');
  await expect(v1).toHaveAttribute('data-status', 'not_reviewed');
  await expect(v1.getByTestId('draft-status')).toHaveText('Not reviewed');
  await expect(v1.getByTestId('draft-not-reviewed')).toContainText('can no longer be approved or sent back');
  await expect(v1.getByTestId('draft-approve')).toHaveCount(0);
  await expect(v1.getByTestId('draft-request-changes')).toHaveCount(0);
  // The server agrees: approving it now is refused.
  const refused = await page.request.get(`/api/v1/tickets/${ticket.id}/drafts`);
  const [listed] = (await refused.json()).items as { id: string; status: string }[];
  expect(listed!.status).toBe('not_reviewed');
  const approve = await page.request.post(`/api/v1/tickets/${ticket.id}/drafts/${listed!.id}/approve`, {
    headers: await csrfHeaders(page.request),
  });
  expect(approve.status()).toBe(409);
  expect(approve.headers()['content-type']).toContain('application/problem+json');

  await prep.page.reload();
  await expect(prep.page.locator('[data-testid="draft-row"][data-version="1"]').getByTestId('draft-status')).toHaveText(
    'Not reviewed',
  );
  // A new version supersedes it, naming itself; the new one is the customer's to review.
  await uploadDraftByUi(prep.page, 'UNREVIEWED-V2');
  const v2 = page.locator('[data-testid="draft-row"][data-version="2"]');
  await expect(v1.getByTestId('draft-status')).toHaveText('Superseded by v2');
  await expect(v2.getByTestId('draft-status')).toHaveText('Awaiting review');
  await expect(v2.getByTestId('draft-approve')).toBeVisible();
  await expect(v1.getByTestId('draft-not-reviewed')).toHaveCount(0);
  await prep.context.close();
});
