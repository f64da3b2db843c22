import { expect, test } from './fixtures.ts';
import { createTicketByApi, postJson, waitForLiveUpdates } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

test('messages flow both ways live; internal notes never reach the customer; text stays text', async ({
  page,
  customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 2, 2024);
  await page.goto(`/form/message/${ticket.name}`);
  await expect(page.getByTestId('conversation')).toContainText('No messages yet');
  await waitForLiveUpdates(page);

  const prep = await staff('Tax Preparer');
  await prep.page.goto(`/form/message/${ticket.name}`);
  await expect(prep.page.getByTestId('conversation')).toBeVisible();
  await waitForLiveUpdates(prep.page);

  // Customer → staff, sent with Enter; Shift+Enter keeps a second line.
  const input = page.getByTestId('message-input');
  await input.fill('');
  await input.pressSequentially('Hello, my W-2 is at https://example.com/w2.pdf');
  await input.press('Shift+Enter');
  await input.pressSequentially('Thanks!');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  const sent = page.getByTestId('message').last();
  await expect(sent).toContainText('You');
  await expect(sent.getByRole('link', { name: 'https://example.com/w2.pdf' })).toHaveAttribute(
    'href',
    'https://example.com/w2.pdf',
  );

  const seenByStaff = prep.page.getByTestId('message').filter({ hasText: 'Hello, my W-2 is at' });
  await expect(seenByStaff).toBeVisible();
  await expect(seenByStaff).toContainText(customer.full_name);
  await expect(seenByStaff.getByTestId('message-body')).toHaveText(
    'Hello, my W-2 is at https://example.com/w2.pdf\nThanks!',
  );

  // Staff → customer, with the button.
  await prep.page.getByTestId('message-input').fill('Got it, thank you. Anything from a 1099?');
  await prep.page.getByTestId('message-send').click();
  await expect(page.getByTestId('message').filter({ hasText: 'Anything from a 1099?' })).toContainText(
    prep.user.full_name,
  );
  await expect(page.getByTestId('toast-notification')).toContainText(`New message on ${ticket.name}`);

  // An internal note: staff see it marked as such, the customer never does.
  await prep.page.getByRole('switch', { name: 'Internal note (staff only)' }).check();
  await prep.page.getByTestId('message-input').fill('Internal: check Schedule C before filing');
  await prep.page.getByTestId('message-send').click();
  const note = prep.page.getByTestId('internal-note').filter({ hasText: 'check Schedule C' });
  await expect(note).toContainText('Internal note');
  await expect(note).toBeVisible();
  // Then a public message, so the customer's page has surely received everything sent before it.
  await prep.page.getByRole('switch', { name: 'Internal note (staff only)' }).uncheck();
  await prep.page.getByTestId('message-input').fill('We will be in touch.');
  await prep.page.getByTestId('message-send').click();
  await expect(page.getByTestId('message').filter({ hasText: 'We will be in touch.' })).toBeVisible();
  await expect(page.getByText('check Schedule C')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('message').filter({ hasText: 'We will be in touch.' })).toBeVisible();
  await expect(page.getByText('check Schedule C')).toHaveCount(0);
  await expect(page.getByTestId('internal-note')).toHaveCount(0);

  // A script payload shows as the characters typed and runs nothing.
  const payload = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1">';
  await page.getByTestId('message-input').fill(payload);
  await page.getByTestId('message-send').click();
  const shown = prep.page.getByTestId('message-body').filter({ hasText: '<script>' });
  await expect(shown).toHaveText(payload);
  expect(await prep.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(prep.page.getByTestId('message-list').locator('script, img')).toHaveCount(0);

  await prep.context.close();
});

test('unread messages are marked and counted until the ticket is read', async ({ page, customer, staff }) => {
  const ticket = await createTicketByApi(page.request, 3, 2021);
  expect(customer.email).toContain('@');
  const prep = await staff('Tax Preparer');
  for (const body of ['First question', 'Second question']) {
    await postJson(prep.page.request, `/api/v1/tickets/${ticket.id}/messages`, { body }, 201);
  }
  await page.goto('/my-tickets');
  const row = page.locator(`[data-testid="ticket-row"][data-name="${ticket.name}"]`);
  await expect(row.getByTestId('unread-count')).toHaveText('2');
  await row.getByRole('link', { name: ticket.name }).click();
  const marker = page.getByTestId('unread-marker');
  await expect(marker).toBeVisible();
  // The marker sits right before the first unread message.
  await expect(page.getByTestId('message-list').locator('[data-testid="unread-marker"] + div')).toContainText(
    'First question',
  );
  await page.goto('/my-tickets');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('unread-count')).toHaveCount(0);
  await prep.context.close();
});
