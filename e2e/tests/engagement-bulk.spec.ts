import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/**
 * A season's letters at once (issue 33, docs/decisions/0036 "Bulk sending"): an Admin has a default template for a
 * service type; staff open "Send letters for a season" on /letters, choose the year and that service type, see how
 * many tickets would get a letter (the server's dry run), send, and watch the batch finish; the client finds their
 * letter in their letters and reads it. A year and a service type other journeys leave alone (2023, the fourth seeded
 * type), so the batch reaches this journey's tickets and the sample's, never another journey's.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

const TYPE_INDEX = 3;
const TYPE_NAME = 'Tax Planning & Advisory';
const YEAR = 2023;

test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 390]) {
  test(`staff send letters for a season; the client reads theirs (${width} px)`, async ({ page, customer, staff }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    // The client's ticket of the season; the Admin's default template for its service type.
    const ticket = await createTicketByApi(page.request, TYPE_INDEX, YEAR);
    const admin = await staff('Admin', viewport);
    const types = (await (await admin.page.request.get('/api/v1/catalog/service-types')).json()) as {
      items: { id: string; name: string }[];
    };
    const type = types.items.find((t) => t.name === TYPE_NAME)!;
    await postJson(
      admin.page.request,
      '/api/v1/admin/engagement-templates',
      {
        name: `Planning season ${width}`,
        service_type_id: type.id,
        is_default: true,
        body: '<p>Dear {{client_name}}, we will advise you on your {{tax_year}} taxes.</p>{{services}}',
      },
      201,
    );

    // Staff: the season's dialog, the dry run's count, the send, the progress to done.
    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    await sp.goto('/letters');
    await sp.getByTestId('batch-open').click();
    const dialog = sp.getByRole('dialog');
    await dialog.getByTestId('batch-year').click();
    await sp.getByRole('option', { name: String(YEAR), exact: true }).click();
    await dialog.getByTestId('batch-type').click();
    await sp.getByRole('option', { name: TYPE_NAME }).click();
    await dialog.getByTestId('batch-count').click();
    await expect(dialog.getByTestId('batch-to-send')).toContainText(/\d+ of \d+ tickets would get a letter/);
    const counted = Number((await dialog.getByTestId('batch-to-send').textContent())!.match(/^(\d+)/)![1]);
    expect(counted).toBeGreaterThanOrEqual(1);
    await noSidewaysScroll(sp);
    await shot(sp, 'season-preview');
    await dialog.getByTestId('batch-send').click();
    await expect(dialog.getByTestId('batch-progress')).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
    await expect(dialog.getByTestId('batch-counts')).toContainText(/Done: \d+ of \d+ letters sent/);
    await shot(sp, 'season-done');
    await expect(sp).toHaveURL(/[?&]batch=/);

    // The same season again: this ticket has its letter now, so the count says so.
    await sp.keyboard.press('Escape');
    await sp.getByTestId('batch-open').click();
    await dialog.getByTestId('batch-year').click();
    await sp.getByRole('option', { name: String(YEAR), exact: true }).click();
    await dialog.getByTestId('batch-type').click();
    await sp.getByRole('option', { name: TYPE_NAME }).click();
    await dialog.getByTestId('batch-count').click();
    await expect(dialog.getByTestId('batch-skipped')).toContainText(/letter waiting to be signed/);
    await sp.keyboard.press('Escape');

    // The client finds the letter among theirs and reads it.
    await page.goto('/letters');
    await page.getByTestId('letter-link').first().click();
    await expect(page.getByTestId('letter-body')).toContainText(
      `Dear ${customer.full_name}, we will advise you on your ${YEAR} taxes.`,
    );
    await noSidewaysScroll(page);
    await shot(page, 'client-letter');
    expect(ticket.name).toMatch(/^TD\./);
  });
}
