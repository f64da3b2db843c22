import { expect, test } from './fixtures.ts';
import { createTicketByApi } from './ticket-helpers.ts';

/*
 * Issue 29 item 13.4: at 390 px the 8879 form's "Upload the firm's PDF" was cut off at its card's edge. On a phone
 * the two choices stand one under the other across the card, and their words wrap.
 */
const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

// `customer` signs `page` in: the ticket is theirs.
test("at 390 px the 8879 form's source choices fit their card, whole", async ({ page, customer: _signedIn, staff }) => {
  const ticket = await createTicketByApi(page.request, 0, 2024);
  const prep = await staff('Tax Preparer', phone);
  await prep.page.goto(`/form/message/${ticket.name}`);
  const form = prep.page.getByTestId('signing-prepare-form');
  await expect(form).toBeVisible();
  const card = (await form.boundingBox())!;

  for (const name of ['Generate from the ticket', "Upload the firm's PDF"]) {
    const label = form.getByTestId('signing-source').locator('label').filter({ hasText: name });
    await expect(label).toBeVisible();
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    // Its words are all shown: nothing hidden past the label's own edge (no ellipsis).
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  expect(await prep.page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  await form.getByText("Upload the firm's PDF").click();
  await expect(form.getByTestId('signing-file')).toBeVisible();
});
