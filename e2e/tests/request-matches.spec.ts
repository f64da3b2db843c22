import { expect, test } from './fixtures.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';
import { makePdf, pickFiles } from './vault-helpers.ts';

/*
 * Issue 32, item 4: an upload to the vault is proposed to the open request of its type, the client confirms it, the
 * request checklist shows which file fulfilled it and who matched it; staff take it off (with a reason) and choose
 * it again.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: a W-2 uploaded to the vault fulfils the request the client confirms; staff re-match`, async ({
    page,
    customer,
    staff,
  }) => {
    await page.setViewportSize(viewport);
    const ticket = await createTicketByApi(page.request);
    const { context, page: staffPage, user: preparer } = await staff('Tax Preparer', viewport);
    await postJson(staffPage.request, `/api/v1/tickets/${ticket.id}/document-requests`, { checklist: ['w2'] }, 201);

    // The client uploads a W-2 to the vault, on no ticket: the vault asks whether it is the W-2 asked for.
    await page.goto('/vault');
    await pickFiles(page, [{ name: 'w2-acme-2024.pdf', mimeType: 'application/pdf', buffer: makePdf() }], 'W-2');
    await page.getByTestId('upload-submit').click();
    const proposal = page.getByRole('group', {
      name: `w2-acme-2024.pdf: This looks like the W-2 asked for on ${ticket.name}: use it for that request?`,
    });
    await expect(proposal).toBeVisible();
    await proposal.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('toast-success').filter({ hasText: 'W-2: received.' })).toBeVisible();
    await expect(proposal).toBeHidden();

    // The ticket's checklist: received, with the file (a link to view it) and who matched it.
    await page.goto(`/form/message/${ticket.name}`);
    const w2 = page.getByTestId('ticket-requests').locator('[data-testid="document-request"][data-label="W-2"]');
    await expect(w2).toHaveAttribute('data-status', 'fulfilled');
    await expect(w2.getByRole('link', { name: 'Open w2-acme-2024.pdf (opens in a new tab)' })).toHaveAttribute(
      'href',
      /\/api\/v1\/documents\/[^/]+\/file\?disposition=inline$/,
    );
    await expect(w2.getByTestId('request-fulfilled-by')).toContainText(
      `confirmed for this request by ${customer.full_name}`,
    );

    // Staff see the same, take the file off with a reason (the request is open again), then choose it again.
    await staffPage.goto(`/form/message/${ticket.name}`);
    const staffW2 = staffPage
      .getByTestId('ticket-requests')
      .locator('[data-testid="document-request"][data-label="W-2"]');
    await expect(staffW2.getByTestId('request-file')).toHaveText('w2-acme-2024.pdf');
    await staffW2.getByRole('button', { name: 'Take the file off: W-2' }).click();
    const unmatch = staffPage.getByTestId('unmatch-request-file');
    await unmatch.getByRole('textbox', { name: 'Reason' }).fill('Page 2 is missing');
    await unmatch.getByRole('button', { name: 'Take the file off' }).click();
    await expect(staffW2).toHaveAttribute('data-status', 'open');
    await expect(unmatch).toBeHidden();

    await staffW2.getByRole('button', { name: 'Choose the file: W-2' }).click();
    const chooser = staffPage.getByTestId('choose-request-file');
    await chooser.getByTestId('request-file-select').click();
    await staffPage.getByRole('option', { name: /^w2-acme-2024\.pdf/ }).click();
    await chooser.getByRole('button', { name: 'Save' }).click();
    await expect(staffW2).toHaveAttribute('data-status', 'fulfilled');
    await expect(staffW2.getByTestId('request-fulfilled-by')).toContainText(
      `matched by ${preparer.full_name} (tax team)`,
    );

    // The client sees staff's match, and has nothing to undo it with.
    await page.reload();
    await expect(w2.getByTestId('request-fulfilled-by')).toContainText(`matched by ${preparer.full_name} (tax team)`);
    await expect(w2.getByRole('button')).toHaveCount(0);
    await context.close();
  });
}
