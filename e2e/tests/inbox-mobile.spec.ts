import { expect, test } from './fixtures.ts';
import { csrfHeaders } from './ticket-helpers.ts';

/*
 * Issue 29 item 13.5: at 390 px the staff inbox stayed a wide table whose columns were cut off. On a phone each
 * enquiry is a card with the same facts and its link, and the page never scrolls sideways.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the inbox lists each enquiry as a card that opens it', async ({ page, customer, staff }) => {
  const visitor = `Robin Phone ${customer.email.split('@')[0]}`;
  const sent = await page.request.post('/api/v1/contact-enquiries', {
    data: {
      name: visitor,
      email: customer.email,
      subject: 'Rental properties on a phone',
      message: 'Do you prepare returns for rental properties?',
      // The form was shown a while ago: the server turns away forms sent faster than a person types.
      started_at: Date.now() - 10_000,
    },
    headers: await csrfHeaders(page.request),
  });
  expect(sent.ok(), await sent.text()).toBe(true);

  const care = await staff('Customer Care Department', { width: 390, height: 844 });
  await care.page.goto('/inbox');
  const card = care.page.getByTestId('inbox-enquiry-row').filter({ hasText: visitor });
  await expect(card).toBeVisible();
  await expect(care.page.getByTestId('inbox-enquiries').locator('table')).toHaveCount(0);
  await expect(card).toContainText(customer.email);
  await expect(card).toContainText('Rental properties on a phone');
  await expect(card).toContainText('New');

  // Nothing is cut off: the card fits the screen, and the page does not scroll sideways.
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await care.page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  // A tap anywhere on the card opens the enquiry.
  await card.click({ position: { x: box.width / 2, y: box.height - 8 } });
  await expect(care.page).toHaveURL(/\/inbox\/enquiries\/[\w-]+$/);
  await expect(care.page.getByTestId('enquiry-view')).toContainText('Do you prepare returns for rental properties?');
});
