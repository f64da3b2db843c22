import { randomUUID } from 'node:crypto';
import { expect, signInByUi, test } from './fixtures.ts';
import { chooseOption } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

test('an Admin adds a service type and a priced service; customers can open tickets for it', async ({
  page,
  customer,
  staff,
}) => {
  const typeName = `Estate Planning ${randomUUID().slice(0, 6)}`;
  const admin = await staff('Admin');
  const p = admin.page;
  await p.goto('/dashboard');
  await p.getByTestId('catalog-link').click();
  await expect(p).toHaveURL(/\/admin\/catalog/);

  await p.getByTestId('service-types-add').click();
  let dialog = p.getByRole('dialog', { name: 'Add service type' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(typeName);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Trusts and estates');
  await dialog.getByTestId('catalog-save').click();
  await expect(dialog).toBeHidden();
  await expect(p.getByTestId('service-types')).toContainText(typeName);

  await p.getByRole('tab', { name: 'Services' }).click();
  await p.getByTestId('services-add').click();
  dialog = p.getByRole('dialog', { name: 'Add service' });
  await dialog.getByTestId('service-type-field').click();
  await p.getByRole('option', { name: typeName }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Form 706 Estate Return');
  await dialog.getByRole('textbox', { name: 'Price' }).fill('1234.50');
  await dialog.getByTestId('catalog-save').click();
  await expect(dialog).toBeHidden();
  await expect(p.getByTestId('services')).toContainText('Form 706 Estate Return');
  await expect(p.getByTestId('services')).toContainText('$1,234.50');

  await page.goto('/create-ticket');
  await chooseOption(page, 'service-type-select', typeName);
  await page.getByTestId('service-select').click();
  await expect(page.getByRole('option', { name: 'Form 706 Estate Return ($1,234.50)' })).toBeVisible();
  expect(customer.email).toContain('@');
  await admin.context.close();
});

test('only Admins see the catalogue screen', async ({ page, staffAccount }) => {
  const care = staffAccount('Customer Care Department');
  await signInByUi(page, care.email, care.password, care.totp_secret);
  await expect(page.getByTestId('catalog-link')).toHaveCount(0);
  await page.goto('/admin/catalog');
  await expect(page.getByTestId('forbidden')).toBeVisible();
});
