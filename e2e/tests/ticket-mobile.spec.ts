import { expect, test } from './fixtures.ts';
import { chooseOption, ticketRow, waitForLiveUpdates } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('at 390 px: create, list as cards, follow a status change and talk, both sides on phones', async ({
  page,
  customer,
  staff,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByTestId('welcome-card')).toContainText(customer.full_name);
  await page.getByTestId('menu-item-create-ticket').click();
  await chooseOption(page, 'service-type-select', 'Business Tax Return');
  await chooseOption(page, 'service-select', /Form 1065/);
  await chooseOption(page, 'year-select', '2024');
  await page.getByTestId('create-ticket-submit').click();
  await expect(page.getByTestId('toast-success')).toContainText('Submitted successfully...!');
  await expect(page).toHaveURL(/\/form\/message\/TD\.\d+$/);
  const name = (await page.getByTestId('ticket-name').textContent())!.trim();

  await page.getByTestId('menu-item-service-request').click();
  await expect(page.getByTestId('ticket-cards')).toBeVisible();
  await expect(page.getByTestId('ticket-table')).toHaveCount(0);
  const cardRow = await ticketRow(page, name);
  await expect(cardRow.getByTestId('status-badge')).toHaveAttribute('data-badge', 'open');
  await expect(cardRow.getByTestId('status-badge')).toHaveText('Received');
  await cardRow.click();
  await expect(page.getByTestId('progress-tracker')).toBeVisible();
  await waitForLiveUpdates(page);

  // Staff on a phone too: Open Request from the tab bar, then start the ticket.
  const care = await staff('Customer Care Department', PHONE);
  await care.page.goto('/dashboard');
  await care.page.getByTestId('menu-item-open-request').click();
  await (await ticketRow(care.page, name)).click();
  await expect(care.page.getByTestId('ticket-name')).toHaveText(name);
  await chooseOption(care.page, 'status-select', 'Tax Preparation');
  await care.page.getByTestId('status-submit').click();
  // Staff stay on the ticket, told by a toast in SPEC's words (issue 29).
  await expect(care.page.getByTestId('toast-success')).toContainText(`${name} is now Tax Preparation.`);
  await expect(care.page.getByTestId('ticket-name')).toHaveText(name);

  await expect(page.getByTestId('ticket-status')).toHaveText('In preparation');
  await expect(page.getByTestId('bell-count')).toHaveAttribute('data-count', '1');

  await page.getByTestId('message-input').fill('Sent from my phone');
  await page.getByTestId('message-send').click();
  await care.page.goto(`/form/message/${name}`);
  await expect(care.page.getByTestId('message').filter({ hasText: 'Sent from my phone' })).toBeVisible();
  await waitForLiveUpdates(care.page);
  await care.page.getByTestId('message-input').fill('Received, thanks');
  await care.page.getByTestId('message-send').click();
  await expect(page.getByTestId('message').filter({ hasText: 'Received, thanks' })).toBeVisible();

  // Nothing is wider than the screen.
  for (const p of [page, care.page]) {
    const overflow = await p.evaluate(() => {
      const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
      return w.document.documentElement.scrollWidth - w.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await care.context.close();
});
