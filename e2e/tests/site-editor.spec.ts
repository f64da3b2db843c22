import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from './fixtures.ts';

/*
 * The website's editor (issue 11): an Admin builds a page of four block types, orders them with the keyboard (the
 * drag-and-drop list's keyboard sorting), previews it at phone width, publishes it, and a signed-out visitor
 * reads it at its route with its title in the document.
 */
test.describe.configure({ timeout: 150_000 });

const SHOTS = process.env.E2E_SHOTS_DIR;

test('an Admin builds, previews and publishes a page that visitors then read', async ({ page, staff }) => {
  const route = `spring-${randomUUID().slice(0, 6)}`;
  const admin = await staff('Admin');
  const p = admin.page;
  await p.goto('/dashboard');
  await p.getByTestId('site-editor-link').click();
  await expect(p).toHaveURL(/\/admin\/site$/);
  await p.getByTestId('entry-new').click();
  await expect(p).toHaveURL(/\/admin\/site\/pages\/new$/);

  await p.getByTestId('field-route').fill(route);
  await p.getByTestId('field-title').fill('Spring tax clinic');
  await p.getByTestId('field-description').fill('Free help with your return, every Saturday in April.');

  // Rich text first, then a hero, which the keyboard then moves to the top.
  await p.getByTestId('add-block').click();
  await p.getByTestId('add-block-rich_text').click();
  const rich = p.getByTestId('field-blocks.0.html').getByRole('textbox');
  await rich.click();
  await p.keyboard.type('Bring your W-2s and last year’s return.');
  await p.getByTestId('field-blocks.0.html').getByRole('button', { name: 'Bold' }).click();
  await p.keyboard.type(' Walk-ins welcome.');

  await p.getByTestId('add-block').click();
  await p.getByTestId('add-block-hero').click();
  await p.getByTestId('field-blocks.1.heading').fill('Spring tax clinic at Harbor');
  await p.getByTestId('field-blocks.1.text').fill('Sit down with a preparer for free.');

  const handle = p.getByTestId('block-1-handle');
  await handle.focus();
  // dnd-kit's keyboard sorting: Space picks the block up, an arrow moves it, Space drops it.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await p.keyboard.press(key);
    await p.waitForTimeout(300);
  }
  await expect(p.getByTestId('block-0')).toHaveAttribute('data-block-type', 'hero');
  await expect(p.getByTestId('block-1')).toHaveAttribute('data-block-type', 'rich_text');

  // A FAQ and a call to action make four block types.
  await p.getByTestId('add-block').click();
  await p.getByTestId('add-block-faq').click();
  await p.getByTestId('field-blocks.2.items.0.question').fill('Do I need an appointment?');
  await p.getByTestId('field-blocks.2.items.0.answer').fill('No: come any Saturday in April.');
  await p.getByTestId('add-block').click();
  await p.getByTestId('add-block-cta').click();
  await p.getByTestId('field-blocks.3.heading').fill('Need more than an hour?');
  await p.getByTestId('field-blocks.3.button.label').fill('Book a session');
  await p.getByTestId('field-blocks.3.button.href').fill('/contact-us');

  // The live preview renders with the public site's blocks, at phone width too.
  const preview = p.frameLocator('[data-testid="preview-frame"]');
  await expect(preview.getByRole('heading', { level: 1, name: 'Spring tax clinic at Harbor' })).toBeVisible();
  await p.getByTestId('preview-width').getByText('Phone').click();
  await expect(p.getByTestId('live-preview')).toHaveAttribute('data-width', '390');
  await expect(preview.getByText('Walk-ins welcome.')).toBeVisible();
  const frameWidth = await p
    .getByTestId('preview-frame')
    .evaluate((f) => (f as unknown as { contentWindow: { innerWidth: number } }).contentWindow.innerWidth);
  expect(frameWidth).toBe(390);

  await p.getByTestId('publish').click();
  await expect(p).toHaveURL(/\/admin\/site\/pages\/[^/]+$/);
  await expect(p.getByTestId('entry-status')).toHaveText('Published');

  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await p.getByTestId('block-0-edit').click();
    await p.screenshot({ path: `${SHOTS}/site-editor-1280.png`, fullPage: true });
  }

  // A signed-out visitor: the page at its route, its title in the document the server sent.
  const res = await page.goto(`/p/${route}`);
  expect(res?.status()).toBe(200);
  expect(await res?.text()).toContain('Spring tax clinic');
  await expect(page).toHaveTitle(/^Spring tax clinic/);
  await expect(page.getByRole('heading', { level: 1, name: 'Spring tax clinic at Harbor' })).toBeVisible();
  await expect(page.locator('strong', { hasText: 'Walk-ins welcome.' })).toBeVisible();
  await expect(page.getByText('Do I need an appointment?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a session' })).toHaveAttribute('href', '/contact-us');

  // Revisions: the save and the publish are listed, and an earlier one can be restored as the draft.
  await p.getByTestId('open-revisions').click();
  await expect(p.getByTestId('revision-0')).toContainText('Published');
  await expect(p.getByTestId('revision-1')).toContainText('Saved');
});

test('the editor at phone width, and the settings editor', async ({ staff }) => {
  const admin = await staff('Admin', { width: 390, height: 844 });
  const p = admin.page;
  await p.goto('/admin/site/pages/new');
  await p.getByTestId('add-block').click();
  await p.getByTestId('add-block-faq').click();
  await expect(p.getByTestId('field-blocks.0.items')).toBeVisible();
  const width = await p.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(width).toBeLessThanOrEqual(390);
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/site-editor-390.png`, fullPage: true });

  await p.goto('/admin/site/settings');
  await expect(p.getByTestId('field-firm_name')).toBeVisible();
  await expect(p.getByTestId('field-header_menu')).toBeVisible();
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/site-settings-390.png`, fullPage: true });
});

test('staff without the editor permission are refused and not shown Site', async ({ staff }) => {
  const care = await staff('Customer Care Department');
  await care.page.goto('/admin/site/pages');
  await expect(care.page.getByTestId('forbidden')).toBeVisible();
  await expect(care.page.getByTestId('menu-item-inbox')).toBeVisible();
  await expect(care.page.getByTestId('menu-item-site')).toHaveCount(0);
});

// The API side (grant, session.site_editor, 403 after revoke) is in apps/server/src/site/site-inbox.test.ts.
test('an Admin makes a staff member a site editor, who then has Site; and takes it back', async ({ staff }) => {
  const preparer = await staff('Tax Preparer');
  const admin = await staff('Admin');
  await admin.page.goto('/admin/staff');
  // The list shows a page at a time, and the run's pool alone is 40 staff a role: the search finds the preparer.
  await admin.page.getByTestId('staff-search').fill(preparer.user.email);
  const row = admin.page.locator(`[data-testid="staff-member"][data-email="${preparer.user.email}"]`);
  const toggle = row.getByRole('switch', { name: 'May edit the public site' });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();

  await preparer.page.goto('/dashboard');
  await preparer.page.getByTestId('menu-item-site').click();
  await expect(preparer.page).toHaveURL(/\/admin\/site$/);
  await expect(preparer.page.getByTestId('entry-new')).toBeVisible();

  await toggle.click({ force: true });
  await expect(toggle).not.toBeChecked();
  await preparer.page.goto('/admin/site/pages');
  await expect(preparer.page.getByTestId('forbidden')).toBeVisible();
  await expect(preparer.page.getByTestId('menu-item-site')).toHaveCount(0);
});
