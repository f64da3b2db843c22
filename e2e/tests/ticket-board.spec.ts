import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createTicketByApi } from './ticket-helpers.ts';

// Several browsers at once on a shared 2-core machine: give the journey room.
test.describe.configure({ timeout: 150_000 });

const column = (page: Page, status: string) => page.locator(`[data-testid="board-column"][data-status="${status}"]`);
const card = (page: Page, status: string, name: string) =>
  column(page, status).locator(`[data-testid="board-card"][data-name="${name}"]`);

async function statusOf(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/api/v1/tickets/${id}`);
  return ((await res.json()) as { status: string }).status;
}

test('the board: dragging a card changes the status; a refused move snaps back with the reason', async ({
  page,
  customer,
  staff,
}) => {
  const ticket = await createTicketByApi(page.request, 0, 2020);
  expect(ticket.name).toMatch(/^TD\./);
  expect(customer.email).toContain('@');
  const care = await staff('Customer Care Department');
  // The search narrows every column to this one ticket.
  await care.page.goto(`/all-tickets?view=board&q=${ticket.name}`);
  await expect(care.page.getByTestId('ticket-board')).toBeVisible();
  await expect(card(care.page, 'Open', ticket.name)).toBeVisible();

  await card(care.page, 'Open', ticket.name).dragTo(column(care.page, 'Tax Preparation'));
  await expect(card(care.page, 'Tax Preparation', ticket.name)).toBeVisible();
  await expect(card(care.page, 'Open', ticket.name)).toHaveCount(0);
  await expect(care.page.getByTestId('toast-success')).toContainText(`${ticket.name} moved to Tax Preparation`);
  await expect.poll(() => statusOf(care.page, ticket.id)).toBe('Tax Preparation');

  // Customer Care may not ask for more information on a ticket in preparation (preparers do):
  // the server says no, the card goes back.
  await card(care.page, 'Tax Preparation', ticket.name).dragTo(column(care.page, 'Required More Information'));
  await expect(care.page.getByTestId('toast-error')).toContainText(
    'You cannot move a ticket from Tax Preparation to Required More Information.',
  );
  await expect(card(care.page, 'Tax Preparation', ticket.name)).toBeVisible();
  await expect(card(care.page, 'Required More Information', ticket.name)).toHaveCount(0);
  expect(await statusOf(care.page, ticket.id)).toBe('Tax Preparation');

  // Without a mouse: the card's menu lists only the moves allowed now.
  await card(care.page, 'Tax Preparation', ticket.name).getByTestId('board-move-menu').click();
  const menu = care.page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Cancelled']);
  await menu.getByRole('menuitem', { name: 'Cancelled' }).click();
  await expect(card(care.page, 'Cancelled', ticket.name)).toBeVisible();
  await expect.poll(() => statusOf(care.page, ticket.id)).toBe('Cancelled');

  await care.context.close();
});
