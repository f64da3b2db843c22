import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { samplePdf } from './drafts-helpers.ts';
import { demoTotpSecret, expect, hydrating, signInByApi, test } from './fixtures.ts';

/*
 * The demo firm's public website (issue 11), on the demo server (this file's name puts it in the `demo` project,
 * playwright.config.ts): a signed-out visitor reads the seeded home page, sends the contact form, and a phone
 * gets the home page's mobile variant. Staff then find the enquiry in the inbox.
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.E2E_SHOTS_DIR;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('a signed-out visitor reads the home page and sends the contact form', async ({ page, browser, baseURL }) => {
  // A retry sends another enquiry to the same demo server: each attempt is its own visitor.
  const attempt = test.info().retry;
  const visitor = `Robin Visitor${attempt ? ` ${'BCDE'[attempt - 1]}` : ''}`;
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
  await form.getByLabel('Your name').fill(visitor);
  await form.getByLabel('E-mail').fill(`robin.visitor${attempt || ''}@example.com`);
  await form.getByLabel('Subject').fill('Help with a 1099');
  await form.getByLabel('Message').fill('I received a 1099-K for the first time. Can you prepare my return?');
  // A person takes a few seconds; the server turns away forms sent faster (time-to-submit).
  await page.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('contact-sent')).toContainText('Submitted successfully...!');

  // Staff find it in the inbox and turn it into a customer and a ticket: two clicks.
  const context = await browser.newContext({ baseURL });
  await signInByApi(context.request, {
    email: 'care@demo.test',
    password: 'demo-pass-2026',
    totp_secret: demoTotpSecret('care@demo.test'),
  });
  const staff = await context.newPage();
  await staff.goto('/dashboard');
  await staff.getByTestId('menu-item-inbox').click();
  await expect(staff).toHaveURL(/\/inbox$/);
  const row = staff.getByTestId('inbox-enquiry-row').filter({ hasText: visitor });
  await expect(row).toContainText('Help with a 1099');
  expect(await seriousViolations(staff)).toEqual([]);
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/inbox-1280.png`, fullPage: true });
  await row.getByRole('link', { name: visitor }).click();
  await expect(staff.getByTestId('enquiry-view')).toContainText('I received a 1099-K for the first time.');
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByTestId('enquiry-to-ticket').click();
  const dialog = staff.getByTestId('enquiry-ticket-dialog');
  await expect(dialog.getByTestId('enquiry-ticket-service')).not.toHaveValue('');
  await expect(dialog.getByTestId('enquiry-ticket-year')).not.toHaveValue('');
  // The enquiry gave no phone: the dialog asks for one.
  await dialog.getByTestId('enquiry-ticket-phone').fill('+1 202 555 0199');
  if (SHOTS) await staff.screenshot({ path: `${SHOTS}/inbox-ticket-dialog-1280.png` });
  await dialog.getByTestId('enquiry-ticket-create').click();
  await expect(staff).toHaveURL(/\/form\/message\/TD\.\d+$/);
  await expect(staff.getByText('I received a 1099-K for the first time. Can you prepare my return?')).toBeVisible();

  // The enquiry now points at its ticket; a second conversion makes nothing new.
  await staff.goBack();
  await staff.goto('/inbox?status=handled');
  await staff.getByTestId('inbox-enquiry-row').filter({ hasText: visitor }).getByRole('link').click();
  await expect(staff.getByTestId('enquiry-open-ticket')).toBeVisible();
  await expect(staff.getByTestId('enquiry-to-ticket')).toHaveCount(0);
  if (SHOTS) {
    await staff.screenshot({ path: `${SHOTS}/inbox-enquiry-1280.png`, fullPage: true });
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.screenshot({ path: `${SHOTS}/inbox-enquiry-390.png`, fullPage: true });
    await staff.goto('/inbox');
    await staff.screenshot({ path: `${SHOTS}/inbox-390.png`, fullPage: true });
  }
  await context.close();
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

test('a visitor applies to the seasonal opening with a résumé, and staff download it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/seeker/seasonal-tax-preparer');
  const form = page.getByTestId('web-form');
  await form.getByLabel('Full name').fill('Jordan Applicant');
  await form.getByLabel('E-mail').fill('jordan.applicant@example.com');
  await form.getByLabel('Phone').fill('+1 217 555 0142');
  await form.getByRole('combobox', { name: 'Credential' }).click();
  await page.getByRole('option', { name: 'Enrolled agent' }).click();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'jordan-resume.pdf', mimeType: 'application/pdf', buffer: samplePdf('JORDAN-RESUME') });
  // Two child rows (webform-child): a third is added and removed again, so the rows sent are the two kept.
  for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add a row' }).click();
  const rows = form.getByTestId('web-form-row');
  await expect(rows).toHaveCount(3);
  await rows.nth(0).getByLabel('Firm').fill('Lakeside Tax Service');
  await rows.nth(0).getByLabel('Returns prepared').fill('140');
  await rows.nth(1).getByLabel('Firm').fill('Prairie Bookkeeping');
  await rows.nth(1).getByLabel('Returns prepared').fill('85');
  await form.getByRole('button', { name: 'Remove row 3' }).click();
  await expect(rows).toHaveCount(2);
  // The form's spam check refuses a submission sent faster than a person types.
  await page.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByTestId('web-form-sent')).toBeVisible();

  const staff = await playwright.request.newContext({ baseURL });
  await signInByApi(staff, {
    email: 'care@demo.test',
    password: 'demo-pass-2026',
    totp_secret: demoTotpSecret('care@demo.test'),
  });
  const editor = await playwright.request.newContext({ baseURL });
  await signInByApi(editor, {
    email: 'admin@demo.test',
    password: 'demo-pass-2026',
    totp_secret: demoTotpSecret('admin@demo.test'),
  });
  const forms = (await (await editor.get('/api/v1/admin/site/forms')).json()) as {
    items: { id: string; key: string }[];
  };
  const formId = forms.items.find((f) => f.key === 'seasonal-preparer-application')!.id;
  const subs = (await (await staff.get(`/api/v1/admin/site/forms/${formId}/submissions`)).json()) as {
    items: {
      values: Record<string, unknown>;
      rows: Record<string, unknown>[];
      files: { url: string; file_name: string }[];
    }[];
  };
  const mine = subs.items.find((s) => s.values.full_name === 'Jordan Applicant')!;
  expect(mine.rows).toEqual([
    { employer: 'Lakeside Tax Service', returns: 140 },
    { employer: 'Prairie Bookkeeping', returns: 85 },
  ]);
  expect(mine.files[0]!.file_name).toBe('jordan-resume.pdf');
  const file = await staff.get(mine.files[0]!.url);
  expect(file.status()).toBe(200);
  expect((await file.body()).includes(Buffer.from('JORDAN-RESUME'))).toBe(true);
  // Signed out, the file is not readable.
  expect((await page.request.get(mine.files[0]!.url)).status()).toBe(401);
  await staff.dispose();
  await editor.dispose();
});

test('a signed-in customer sends a form with child rows, finds it under forms and edits a row', async ({ page }) => {
  await signInByApi(page.request, { email: 'customer@demo.test', password: 'demo-pass-2026' });
  await page.goto('/seeker/seasonal-tax-preparer');
  const form = page.getByTestId('web-form');
  await form.getByLabel('Full name').fill('Casey Customer');
  await form.getByLabel('E-mail').fill('customer@demo.test');
  await form.getByLabel('Phone').fill('+1 202 555 0101');
  await form.getByRole('combobox', { name: 'Credential' }).click();
  await page.getByRole('option', { name: 'PTIN only' }).click();
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'casey-resume.pdf', mimeType: 'application/pdf', buffer: samplePdf('CASEY-RESUME') });
  for (let i = 0; i < 2; i++) await form.getByRole('button', { name: 'Add a row' }).click();
  const rows = form.getByTestId('web-form-row');
  await rows.nth(0).getByLabel('Firm').fill('Riverside Returns');
  await rows.nth(0).getByLabel('Returns prepared').fill('60');
  await rows.nth(1).getByLabel('Firm').fill('Oak Street Tax');
  await page.waitForTimeout(3200);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByTestId('web-form-sent')).toBeVisible();

  // forms: the forms to fill, and what Casey sent, with its status.
  await page.goto('/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register for the webinar' })).toBeVisible();
  const mine = page.getByTestId('my-submissions');
  await expect(mine.getByRole('row').nth(1)).toContainText('Received');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forms-1280.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await mine.getByRole('link', { name: 'Apply: seasonal tax preparer' }).first().click();
  await expect(page).toHaveURL(/\/forms\/seasonal-preparer-application\/[\w-]+$/);
  const childRows = page.getByTestId('webform-child-row');
  await expect(childRows).toHaveCount(2);
  await expect(childRows.nth(1)).toContainText('Oak Street Tax');
  await expect(page.getByRole('link', { name: 'casey-resume.pdf' })).toBeVisible();
  const submissionId = new URL(page.url()).pathname.split('/').at(-1)!;

  // Edit: the same form, prefilled; the second row is changed, the first removed; the résumé stays.
  await page.getByRole('link', { name: 'Edit' }).click();
  const edit = page.getByTestId('web-form');
  await expect(edit.getByRole('heading', { name: 'Edit: Apply: seasonal tax preparer' })).toBeVisible();
  await expect(edit.getByLabel('Full name')).toHaveValue('Casey Customer');
  await expect(edit.getByText('casey-resume.pdf', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-1280.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  const editRows = edit.getByTestId('web-form-row');
  await expect(editRows).toHaveCount(2);
  await editRows.nth(1).getByLabel('Firm').fill('Oak Street Tax & Books');
  await edit.getByRole('button', { name: 'Remove row 1' }).click();
  await expect(editRows).toHaveCount(1);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('my-submission-saved')).toBeVisible();
  await expect(childRows).toHaveCount(1);
  await expect(childRows.nth(0)).toContainText('Oak Street Tax & Books');
  await expect(page.getByRole('link', { name: 'casey-resume.pdf' })).toBeVisible();

  // SPEC's webform-child shows the same rows by ?submission=; at 390 px the pages still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/webform-child?submission=${submissionId}`);
  await expect(childRows).toHaveCount(1);
  await page.goto('/forms');
  await expect(page.getByTestId('my-submissions')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forms-390.png`, fullPage: true });
  await page.goto(`/edit-webformchild?submission=${submissionId}`);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/edit-390.png`, fullPage: true });
  const width = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(width).toBeLessThanOrEqual(390);
});

test('detail/… reads a post at one and three levels; gallery-detail leads to the galleries', async ({ page }) => {
  await page.goto('/detail/blog/deadlines/five-documents-to-gather-now');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Five documents to gather before tax season' }),
  ).toBeVisible();
  await page.goto('/detail/five-documents-to-gather-now');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Five documents to gather before tax season' }),
  ).toBeVisible();
  // Not in that category: the site's not-found page (and a 404 for crawlers).
  const wrong = await page.goto('/detail/blog/small-business/five-documents-to-gather-now');
  expect(wrong?.status()).toBe(404);
  await expect(page.getByTestId('site-not-found')).toBeVisible();
  await page.goto('/gallery-detail');
  await expect(page).toHaveURL((url) => url.pathname === '/gallery-list');
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a plan's button leads through sign-in to the request with its service; the thanks is in view", async ({
    page,
  }) => {
    // Issue 29: "Choose Itemized" opened the Sign in tab and dropped the plan.
    await page.goto('/p/pricing');
    await page.getByRole('link', { name: 'Choose Itemized' }).click();
    await expect(page).toHaveURL(/\/register\?tab=create&next=%2Fcreate-ticket%3Fservice%3D/);
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Harbor Tax & Accounting');
    // An existing client signs in instead: the plan rides along.
    await page.getByRole('tab', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/next=%2Fcreate-ticket%3Fservice%3D/);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('E-mail').fill('customer@demo.test');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-pass-2026');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/create-ticket\?service=/);
    await expect(page.getByTestId('service-select')).toHaveValue(/^Form 1040 – Itemized/);
    await expect(page.getByTestId('plan-unavailable')).toHaveCount(0);
    // A plan no longer offered (or a mangled link) says so, and nothing is chosen.
    await page.goto('/create-ticket?service=no-such-plan');
    await expect(page.getByTestId('plan-unavailable')).toBeVisible();
    await expect(page.getByTestId('service-select')).toHaveValue('');

    // The contact form's thanks comes into view on a phone (it was scrolled out of sight).
    const visitor = hydrating(
      await page
        .context()
        .browser()!
        .newPage({ viewport: { width: 390, height: 844 } }),
    );
    await visitor.goto('/contact-us');
    const contact = visitor.getByTestId('contact-form');
    await contact.getByLabel('Your name').fill('Phone Visitor');
    await contact.getByLabel('E-mail').fill(`phone.visitor${test.info().retry}@example.com`);
    await contact.getByLabel('Message').fill('Can you help with my 1099-K?');
    await visitor.waitForTimeout(3200);
    await contact.getByRole('button', { name: 'Send message' }).click();
    await expect(visitor.getByTestId('contact-sent')).toBeInViewport();
    await expect(visitor.getByTestId('contact-sent')).toBeFocused();
    await visitor.close();
  });
});

test("the desk site's Services menu works from the keyboard", async ({ page }) => {
  // Outside tester: Enter on "Services" did not open it.
  await page.goto('/');
  const services = page.getByTestId('site-nav').getByRole('button', { name: 'Services' });
  await services.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('site-nav-submenu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(services).toBeFocused();
  await page.keyboard.press('Space');
  await expect(menu).toBeVisible();
});
