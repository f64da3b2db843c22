import { expect, test } from './fixtures.ts';
import { chooseOption, createTicketByApi, ticketRow } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

test('staff find a customer, check their phone, open a ticket for them and search it as they type', async ({
  page,
  customer,
  staff,
}) => {
  const own = await createTicketByApi(page.request, 0, 2022);
  const care = await staff('Customer Care Department');
  const p = care.page;

  // Contacts: search by e-mail, open the contact with their tickets.
  await p.goto('/dashboard');
  await p.getByTestId('menu-item-contacts').click();
  await p.getByTestId('contact-search').fill(customer.email);
  const contact = p.getByTestId('contact-row').filter({ hasText: customer.full_name });
  await expect(contact).toBeVisible();
  await expect(p.getByTestId('contact-row')).toHaveCount(1);
  await expect(contact).toContainText(customer.phone);
  await contact.getByRole('link', { name: customer.full_name }).click();
  await expect(p.getByRole('heading', { level: 1, name: customer.full_name })).toBeVisible();
  await expect(p.getByTestId('contact-ticket').filter({ hasText: own.name })).toBeVisible();

  // Phone lookup: whose number is it?
  await p.goBack();
  await p.getByTestId('phone-lookup-input').fill(customer.phone);
  await p.getByTestId('phone-lookup').getByRole('button', { name: 'Check' }).click();
  await expect(p.getByTestId('phone-lookup-result')).toContainText(customer.full_name);
  await p.getByTestId('phone-lookup-input').fill('+19995550000');
  await p.getByTestId('phone-lookup').getByRole('button', { name: 'Check' }).click();
  await expect(p.getByTestId('phone-lookup-result')).toContainText('does not belong to any customer');

  // A ticket opened by staff for the customer, with the customer's profile phone.
  await p.goto('/create-ticket');
  await p.getByTestId('create-ticket-submit').click();
  await expect(p.getByText('Choose the customer this ticket is for')).toBeVisible();
  await p.getByTestId('customer-picker').fill(customer.email);
  await p.getByRole('option', { name: new RegExp(customer.full_name) }).click();
  await expect(p.getByRole('textbox', { name: 'Phone' })).toHaveValue(customer.phone);
  await chooseOption(p, 'service-type-select', 'Tax Planning & Advisory');
  await chooseOption(p, 'service-select', /IRS Notice Response/);
  await chooseOption(p, 'year-select', '2021');
  await p.getByTestId('create-ticket-submit').click();
  await expect(p.getByTestId('toast-success')).toContainText('Submitted successfully...!');
  await expect(p.getByTestId('ticket-header')).toContainText(customer.full_name);
  const name = (await p.getByTestId('ticket-name').textContent())!.trim();

  // The customer has it too.
  await page.goto('/my-tickets');
  await expect(await ticketRow(page, name)).toContainText('IRS Notice Response');

  // Search as you type (no Enter): a fragment of the customer's name finds both tickets.
  await p.getByTestId('menu-item-search').click();
  await p.getByTestId('ticket-search').pressSequentially(customer.full_name.slice(-8), { delay: 40 });
  await expect(p.getByTestId('ticket-row')).toHaveCount(2);
  await expect(p.locator(`[data-testid="ticket-row"][data-name="${name}"]`)).toBeVisible();
  await expect(p.locator(`[data-testid="ticket-row"][data-name="${own.name}"]`)).toBeVisible();
  await chooseOption(p, 'year-filter', '2021');
  await expect(p.getByTestId('ticket-row')).toHaveCount(1);
  await expect(p.getByTestId('ticket-row')).toHaveAttribute('data-name', name);
  await p.getByTestId('ticket-search').fill('no-such-ticket-anywhere');
  await expect(p.getByTestId('tickets-empty')).toBeVisible();

  await care.context.close();
});
