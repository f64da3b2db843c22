import { expect, test } from './fixtures.ts';
import { chooseOption, ticketRow } from './ticket-helpers.ts';

test.describe('a customer opens a ticket (SPEC §5)', () => {
  test('creates a ticket and sees it listed with the Open badge', async ({ page, customer }) => {
    await page.goto('/create-ticket');
    const form = page.getByTestId('create-ticket-form');
    // The phone comes from the profile and cannot be edited.
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue(customer.phone);
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('readonly', '');

    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Service type is required')).toBeVisible();
    await expect(form.getByText('Service is required')).toBeVisible();
    await expect(form.getByText('Year is required')).toBeVisible();

    await chooseOption(page, 'service-type-select', 'Individual Tax Return');
    await chooseOption(page, 'service-select', /Form 1040 – Standard/);
    await chooseOption(page, 'year-select', '2024');
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByTestId('toast-success')).toContainText('Submitted successfully...!');
    await expect(page).toHaveURL(/\/form\/message\/TD\.\d{4,}$/);
    const name = (await page.getByTestId('ticket-name').textContent())!.trim();
    expect(name).toMatch(/^TD\.\d{4,}$/);
    const status = page.getByTestId('ticket-status');
    await expect(status).toHaveAttribute('data-badge', 'open');
    await expect(status).toHaveAttribute('data-status', 'Open');
    // Customers read customer labels: Open is "Received" to them.
    await expect(status).toHaveText('Received');
    await expect(page.locator('[data-testid="progress-step"][aria-current="step"]')).toContainText('Received');

    await page.getByTestId('menu-item-service-request').click();
    await expect(page).toHaveURL(/\/my-tickets$/);
    const row = await ticketRow(page, name);
    await expect(row).toContainText('Form 1040 – Standard');
    await expect(row).toContainText('Individual Tax Return');
    const badge = row.getByTestId('status-badge');
    await expect(badge).toHaveAttribute('data-badge', 'open');
    await expect(badge).toHaveAttribute('data-status', 'Open');
    await expect(badge).toHaveText('Received');

    // The status filter keeps it under Open and hides it under another status.
    await chooseOption(page, 'status-filter', 'Received');
    await expect(page).toHaveURL(/status=Open/);
    await expect(await ticketRow(page, name)).toBeVisible();
    await chooseOption(page, 'status-filter', 'Completed');
    await expect(page.getByTestId('tickets-empty')).toBeVisible();

    // The row links to /form/message/{ticket name}.
    await page.goto('/my-tickets');
    await (await ticketRow(page, name)).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/form/message/${name.replace('.', '\\.')}$`));
  });

  test('/create-ticket/{id} preselects the service type; a customer may cancel an Open ticket', async ({
    page,
    customer,
  }) => {
    const types = (await (await page.request.get('/api/v1/catalog/service-types')).json()) as {
      items: { id: string; name: string }[];
    };
    const type = types.items[1]!;
    await page.goto(`/create-ticket/${type.id}`);
    await expect(page.getByTestId('service-type-select')).toHaveValue(type.name);
    await chooseOption(page, 'service-select', /./);
    await chooseOption(page, 'year-select', '2023');
    await page.getByTestId('create-ticket-submit').click();
    await expect(page).toHaveURL(/\/form\/message\/TD\.\d+$/);
    expect(customer.email).toContain('@');

    await page.getByTestId('cancel-ticket').click();
    await page.getByRole('dialog', { name: 'Cancel request' }).getByRole('button', { name: 'Ok' }).click();
    const alert = page.getByRole('dialog', { name: 'Alert' });
    await expect(alert).toContainText('is now Cancelled.');
    await alert.getByRole('button', { name: 'Ok' }).click();
    await expect(page).toHaveURL(/\/my-tickets$/);
    await expect(page.getByTestId('ticket-row').first().getByTestId('status-badge')).toHaveAttribute(
      'data-badge',
      'walk_out',
    );
  });
});
