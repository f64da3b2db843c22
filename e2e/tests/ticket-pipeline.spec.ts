import { expect, test } from './fixtures.ts';
import { chooseOption, createTicketByApi, ticketRow, waitForLiveUpdates } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

const exactly = (name: string) => new RegExp(`/form/message/${name.replace('.', '\\.')}$`);

test('Customer Care assigns from Open Request, the preparer starts it, the customer sees it live', async ({
  page,
  customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 0, 2023);

  // The customer keeps the ticket open in their own browser all along.
  await page.goto(`/form/message/${ticket.name}`);
  await expect(page.getByTestId('ticket-status')).toHaveText('Received');
  await waitForLiveUpdates(page);
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '0');

  // Customer Care: Open Request lists it (Open, unassigned); assign it to a preparer.
  const care = await staff('Customer Care Department');
  // The preparer Care assigns it to.
  const prep = await staff('Tax Preparer');
  await care.page.goto('/dashboard');
  await care.page.getByTestId('menu-item-open-request').click();
  await expect(care.page).toHaveURL(/\/open-tickets$/);
  const row = await ticketRow(care.page, ticket.name);
  await expect(row).toContainText(customer.full_name);
  await expect(row).toContainText('Unassigned');
  await expect(row.getByTestId('status-badge')).toHaveText('Open');
  await expect(row.getByTestId('status-badge')).toHaveAttribute('data-badge', 'open');
  await row.getByRole('link', { name: ticket.name }).click();
  await expect(care.page).toHaveURL(exactly(ticket.name));

  await chooseOption(care.page, 'assign-role', 'Tax Preparer');
  await chooseOption(care.page, 'assign-user', prep.user.full_name);
  await care.page.getByTestId('assign-submit').click();
  await expect(care.page.getByTestId('current-assignee')).toHaveText(prep.user.full_name);
  await expect(care.page.getByTestId('assignment-history')).toContainText(
    `${care.user.full_name} assigned it to ${prep.user.full_name}`,
  );
  await expect(care.page.getByTestId('ticket-assignee')).toHaveText(prep.user.full_name);

  // The preparer finds it among their tickets and moves it to Tax Preparation.
  await prep.page.goto('/my-tickets');
  await (await ticketRow(prep.page, ticket.name)).getByRole('link', { name: ticket.name }).click();
  await expect(prep.page).toHaveURL(exactly(ticket.name));
  await chooseOption(prep.page, 'status-select', 'Tax Preparation');
  await prep.page.getByTestId('status-submit').click();
  // No blocking dialog: a toast in SPEC's words, and the preparer stays on the ticket to go on with it.
  await expect(prep.page.getByTestId('toast-success')).toContainText(`${ticket.name} is now Tax Preparation.`);
  await expect(prep.page.getByRole('dialog', { name: 'Alert' })).toHaveCount(0);
  await expect(prep.page).toHaveURL(exactly(ticket.name));
  await expect(prep.page.getByTestId('ticket-status')).toHaveText('Tax Preparation');
  // What the preparer cannot do from here, they are told who can.
  await expect(prep.page.getByTestId('status-others')).toHaveText(
    'Others move it on from here: to Cancelled, Customer Care Department.',
  );
  await prep.page.goto('/my-tickets');
  await expect((await ticketRow(prep.page, ticket.name)).getByTestId('status-badge')).toHaveText('Tax Preparation');

  // The customer's open page follows without a reload: status, progress, timeline, notification.
  const status = page.getByTestId('ticket-status');
  await expect(status).toHaveText('In preparation');
  await expect(status).toHaveAttribute('data-badge', 'tax_preparation');
  await expect(page.locator('[data-testid="progress-step"][aria-current="step"]')).toContainText('In preparation');
  await expect(page.getByTestId('timeline-item').first()).toContainText('Received → In preparation');
  await expect(page.getByTestId('toast-notification')).toContainText(`${ticket.name} is now: In preparation`);
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '1');

  // Care's open page followed too.
  await expect(care.page.getByTestId('ticket-status')).toHaveText('Tax Preparation');

  // The notification is listed; opening it leads back to the ticket and reads it.
  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/\/notifications$/);
  const note = page.getByTestId('notification').filter({ hasText: `${ticket.name} is now: In preparation` });
  await expect(note).toHaveAttribute('data-read', 'false');
  await note.getByRole('button', { name: `${ticket.name} is now: In preparation` }).click();
  await expect(page).toHaveURL(exactly(ticket.name));
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '0');

  await care.context.close();
  await prep.context.close();
});

test('a second, stale change of the same ticket gets the server’s message', async ({ page, customer, staff }) => {
  const ticket = await createTicketByApi(page.request, 1, 2022);
  expect(customer.email).toContain('@');
  const a = await staff('Customer Care Department');
  const b = await staff(a.user);
  // b's live updates lag (no stream): it still holds the version it loaded.
  await b.context.route('**/api/v1/events', (route) => route.abort());
  await a.page.goto(`/form/message/${ticket.name}`);
  await b.page.goto(`/form/message/${ticket.name}`);
  await chooseOption(a.page, 'status-select', 'Tax Preparation');
  await chooseOption(b.page, 'status-select', 'Required More Information');
  await a.page.getByTestId('status-submit').click();
  await expect(a.page.getByTestId('toast-success')).toContainText('is now Tax Preparation.');
  await b.page.getByTestId('status-submit').click();
  await expect(b.page.getByTestId('status-error')).toContainText('Someone else changed this ticket');
  await expect(b.page.getByTestId('toast-success')).toHaveCount(0);
  await a.context.close();
  await b.context.close();
});

test('a preparer takes a ticket with one click: Assign to me', async ({ page, customer, staff }) => {
  const ticket = await createTicketByApi(page.request, 0, 2021);
  expect(customer.email).toContain('@');
  const prep = await staff('Tax Preparer');
  const p = prep.page;
  await p.goto(`/form/message/${ticket.name}`);
  await expect(p.getByTestId('current-assignee')).toHaveText('Unassigned');
  // No role, no user to pick: one click.
  await p.getByTestId('assign-to-me').click();
  await expect(p.getByTestId('toast-success')).toContainText(`Assigned to ${prep.user.full_name}`);
  await expect(p.getByTestId('current-assignee')).toHaveText(prep.user.full_name);
  await expect(p.getByTestId('assignment-history')).toContainText(
    `${prep.user.full_name} assigned it to ${prep.user.full_name}`,
  );
  // Theirs now: the button is gone; My tickets lists it.
  await expect(p.getByTestId('assign-to-me')).toHaveCount(0);
  await p.goto('/my-tickets');
  await expect(await ticketRow(p, ticket.name)).toBeVisible();
});
