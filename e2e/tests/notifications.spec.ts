import { expect, test } from './fixtures.ts';
import { createTicketByApi, postJson, waitForLiveUpdates } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

test('notifications: listed newest first, mark one read, mark all read, new ones arrive live', async ({
  page,
  customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 1, 2024);
  const prep = await staff('Tax Preparer');
  for (const body of ['One thing', 'Another thing']) {
    await postJson(prep.page.request, `/api/v1/tickets/${ticket.id}/messages`, { body }, 201);
  }

  await page.goto('/dashboard');
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '2');
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(`New message on ${ticket.name}`);
  await expect(page.getByText('2 unread')).toBeVisible();

  await items.first().getByTestId('mark-read').click();
  await expect(items.first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '1');

  await page.getByTestId('mark-all-read').click();
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '0');
  await expect(page.locator('[data-testid="notification"][data-read="false"]')).toHaveCount(0);
  await expect(page.getByTestId('mark-all-read')).toBeDisabled();

  // A status change while the page is open: the list and the bell follow without reload.
  await waitForLiveUpdates(page);
  await postJson(prep.page.request, `/api/v1/tickets/${ticket.id}/status`, { status: 'Tax Preparation' });
  await expect(items.first()).toContainText(`${ticket.name} is now: In preparation`);
  await expect(items.first()).toHaveAttribute('data-read', 'false');
  await expect(items).toHaveCount(3);
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '1');
  await prep.context.close();
});
