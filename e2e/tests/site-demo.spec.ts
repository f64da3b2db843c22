import { expect, test } from '@playwright/test';
import { demoTotpSecret, signInByApi } from './fixtures.ts';

/*
 * The demo firm's public website (issue 11), on the demo server (this file's name puts it in the `demo` project,
 * playwright.config.ts): a signed-out visitor reads the seeded home page, sends the contact form, and a phone
 * gets the home page's mobile variant. Staff then find the enquiry in the inbox.
 */
test.describe.configure({ timeout: 120_000 });

test('a signed-out visitor reads the home page and sends the contact form', async ({ page, playwright, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Harbor Tax & Accounting');
  await expect(page.getByRole('heading', { level: 1, name: 'Taxes done right, without the shoebox' })).toBeVisible();
  await expect(page.getByTestId('site-page-home')).toHaveAttribute('data-variant', 'web');
  await expect(page.getByRole('heading', { name: 'Services and prices' })).toBeVisible();
  await expect(page.getByTestId('site-footer')).toContainText('240 Harbor Street');

  await page.getByTestId('site-nav').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page).toHaveTitle('Contact us | Harbor Tax & Accounting');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Your name').fill('Robin Visitor');
  await form.getByLabel('E-mail').fill('robin.visitor@example.com');
  await form.getByLabel('Subject').fill('Help with a 1099');
  await form.getByLabel('Message').fill('I received a 1099-K for the first time. Can you prepare my return?');
  // A person takes a few seconds; the server turns away forms sent faster (time-to-submit).
  await page.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Submitted successfully...!');

  const staff = await playwright.request.newContext({ baseURL });
  await signInByApi(staff, {
    email: 'care@demo.test',
    password: 'demo-pass-2026',
    totp_secret: demoTotpSecret('care@demo.test'),
  });
  const inbox = (await (await staff.get('/api/v1/admin/site/enquiries')).json()) as {
    items: { name: string; subject: string }[];
  };
  expect(inbox.items.some((e) => e.name === 'Robin Visitor' && e.subject === 'Help with a 1099')).toBe(true);
  await staff.dispose();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the home page is its mobile variant, with the menu in a drawer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('site-page-home')).toHaveAttribute('data-variant', 'mobile');
    await expect(page.getByRole('heading', { level: 1, name: 'Your taxes, from your phone' })).toBeVisible();
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(width).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Pricing' })).toBeVisible();
  });
});
