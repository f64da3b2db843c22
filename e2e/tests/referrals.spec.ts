import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, newUser, test } from './fixtures.ts';

/** Screenshots of the pages built here, for people to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** How much wider than the viewport the page is (0: no horizontal scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
const clipboardText = (page: Page) =>
  page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText(),
  );

/** The WCAG contrast ratio of an element's text colour on its own (opaque) background, as computed now. */
const contrastOf = (el: Locator) =>
  el.evaluate((node) => {
    const style = (
      globalThis as unknown as { getComputedStyle(n: unknown): { color: string; backgroundColor: string } }
    ).getComputedStyle(node);
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort((a, b) => b - a) as [
      number,
      number,
    ];
    return (hi + 0.05) / (lo + 0.05);
  });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test.describe('referrals', () => {
  // Two contexts, axe and a phone pass in one journey: generous on a busy 2-core runner.
  test.setTimeout(300_000);

  test('a customer copies their link, a friend registers through it, both show on the page and the tree', async ({
    page,
    customer,
    browser,
    baseURL,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/referral');
    const link = page.getByTestId('referral-link');
    // The first page of a fresh server on a busy runner loads its chunks slowly.
    await expect(link).toHaveValue(/\/register\?ref=[2-9A-HJ-NP-Z]{10}$/, { timeout: 60_000 });
    const url = await link.inputValue();
    await page.getByTestId('referral-copy').click();
    await expect(page.getByTestId('referral-copy')).toHaveText('Copied');
    // The copied state, under the pointer that pressed it, keeps its label legible (WCAG AA: 4.5:1).
    await page.getByTestId('referral-copy').hover();
    expect(await contrastOf(page.getByTestId('referral-copy'))).toBeGreaterThanOrEqual(4.5);
    expect(await clipboardText(page)).toBe(url);
    await expect(page.getByTestId('referral-count-registered')).toContainText('0');
    await expect(page.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', /^mailto:\?subject=.+ref%3D/);
    expect(await seriousViolations(page)).toEqual([]);

    // The friend opens the link in a browser of their own: Create account, with the code carried along.
    const friend = newUser({ full_name: 'Rita Referred' });
    const other = await browser.newContext({ baseURL });
    const friendPage = await other.newPage();
    await friendPage.goto(url);
    const form = friendPage.getByTestId('create-account-form');
    await expect(form.getByTestId('referral-code')).toHaveValue(new URL(url).searchParams.get('ref')!);
    await form.getByLabel('Full name').fill(friend.full_name);
    await form.getByLabel('E-mail').fill(friend.email);
    await form.getByLabel('Phone').fill(friend.phone);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(friend.password);
    await form.getByRole('button', { name: 'Create account' }).click();
    // Where texts can be sent, registration offers to verify the phone; the friend does it later.
    await friendPage.getByTestId('verify-phone-panel').getByRole('button', { name: 'Later' }).click();
    await expect(friendPage).toHaveURL(/\/dashboard$/);
    await other.close();

    await page.reload();
    await expect(page.getByTestId('referral-count-registered')).toContainText('1');
    const rows = page.getByTestId('referral-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Rita R.');
    await expect(rows.first()).not.toContainText('Referred');
    await shot(page, 'referral-1280');

    await page.getByRole('link', { name: 'See your referral tree' }).click();
    await expect(page).toHaveURL(/\/grid\/me$/);
    const tree = page.getByTestId('referral-tree');
    const nodes = tree.getByTestId('referral-node');
    await expect(nodes).toHaveCount(2);
    await expect(nodes.first()).toHaveAttribute('data-name', customer.full_name);
    await expect(nodes.nth(1)).toHaveAttribute('data-name', 'Rita R.');
    await expect(tree).not.toContainText(friend.email);
    // The branch folds and unfolds with its disclosure button.
    const toggle = tree.getByRole('button', { name: `Hide the people ${customer.full_name} referred` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(nodes.nth(1)).toBeHidden();
    await tree.getByRole('button', { name: `Show the people ${customer.full_name} referred` }).click();
    await expect(nodes.nth(1)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'grid-1280');

    // Another branch is not this customer's to see.
    await page.goto('/grid/not-a-person');
    await expect(page.getByText('This branch does not exist or is not yours to see.')).toBeVisible();

    // On a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/referral');
    await expect(page.getByTestId('referral-link')).toHaveValue(url);
    const copy = await page.getByTestId('referral-copy').boundingBox();
    expect(copy!.x + copy!.width).toBeLessThanOrEqual(390);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'referral-390');
    await page.goto('/grid/me');
    await expect(page.getByTestId('referral-node')).toHaveCount(2);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'grid-390');
  });

  test('Admin sets the reward; staff see the whole tree with full names and search it', async ({
    page,
    customer,
    browser,
    baseURL,
    staff,
  }) => {
    const code = (await (await page.request.get('/api/v1/referrals/dashboard')).json()).code as string;
    const friend = newUser({ full_name: `Searchable ${Date.now().toString(36)}` });
    const other = await browser.newContext({ baseURL });
    const res = await other.request.post('/api/v1/auth/register', { data: { ...friend, referral_code: code } });
    expect(res.status()).toBe(201);
    await other.close();

    const admin = await staff('Admin');
    await admin.page.goto('/referral');
    const settings = admin.page.getByTestId('referral-reward-settings');
    await settings.getByLabel(/Reward/).fill('25');
    await settings.getByRole('button', { name: 'Save reward' }).click();
    await expect(settings).toContainText('Referrers get $25.00 per referred customer who pays.');
    await shot(admin.page, 'referral-admin-1280');
    await page.goto('/referral');
    await expect(page.getByTestId('referral-reward')).toContainText('$25.00');

    const care = await staff('Customer Care Department');
    await care.page.goto('/grid/all');
    await care.page.getByTestId('referral-tree-search').fill(friend.full_name);
    const tree = care.page.getByTestId('referral-tree');
    await expect(tree.locator(`[data-name="${friend.full_name}"]`)).toContainText(friend.email);
    await expect(tree.locator(`[data-name="${customer.full_name}"]`)).toBeVisible();
    await expect(tree.getByTestId('referral-node')).toHaveCount(2);
    await shot(care.page, 'grid-staff-1280');

    await admin.page.goto('/referral');
    await admin.page
      .getByTestId('referral-reward-settings')
      .getByLabel(/Reward/)
      .fill('0');
    await admin.page.getByRole('button', { name: 'Save reward' }).click();
    await expect(admin.page.getByTestId('referral-reward-settings')).toContainText('Rewards are off.');
  });
});
