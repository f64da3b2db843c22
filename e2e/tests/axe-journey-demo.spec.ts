import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { demoTotpSecret, expect, hydrating, signInByApi, test } from './fixtures.ts';

/*
 * Issue 29's accessibility journey, on the demo server (its sample firm, site and tickets: every page has something
 * to show): every page of every role, and the dialogs people open, at 1280 and 390 px, each with axe's WCAG 2.1
 * A/AA rules and best practices. Any violation fails, whatever its impact. Its own project (playwright.config.ts),
 * beside the journeys once the demo server's first tests have run.
 */
test.describe.configure({ timeout: 360_000 });

const PASSWORD = 'demo-pass-2026';
type Found = { page: string; id: string; impact: string | null | undefined; targets: string[] };

async function check(page: Page, label: string, found: Found[], include?: string) {
  // What the page loads after its first paint (lists, counts) is part of what a person reads.
  const started = Date.now();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
  // Every page has its heading: a moment between a redirect and the next page's loader (a busy runner widens it) is
  // not the page. A page that never draws one still fails below, on axe's page-has-heading-one.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  // Only violations are read: axe then skips the details of every passing node (a third of its time here).
  let axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  if (include) axe = axe.include(include);
  for (const v of (await axe.analyze()).violations) {
    found.push({ page: label, id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) });
  }
  if (process.env.AXE_TIMES) console.log(`${label}: ${Date.now() - started} ms`);
}

/**
 * Opens `path` as a person moving through the app does: the first page loads whole, later ones through the app's
 * router (a full load of each would spend most of the journey's time parsing the same scripts again).
 */
async function visit(page: Page, path: string, found: Found[]) {
  if (!page.url().startsWith('http')) await page.goto(path);
  else {
    await page.evaluate(
      `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await page.waitForURL((url) => url.pathname + url.search === path);
  }
  await check(page, path, found);
}

async function signedIn(browser: Browser, baseURL: string, width: number, email: string, totp = false) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width === 390 ? 844 : 800 },
    reducedMotion: 'reduce',
  });
  await signInByApi(context.request, { email, password: PASSWORD, totp_secret: totp ? demoTotpSecret(email) : null });
  return { context, page: hydrating(await context.newPage()) };
}

for (const width of [1280, 390]) {
  test(`every page and dialog of every role has no axe violation at ${width} px`, async ({ browser, baseURL }) => {
    const found: Found[] = [];

    // A visitor: the firm's public site and the sign-in page.
    const visitor = await browser.newContext({ baseURL, viewport: { width, height: 844 }, reducedMotion: 'reduce' });
    const v = hydrating(await visitor.newPage());
    for (const path of ['/', '/p/services', '/p/pricing', '/about-us', '/contact-us', '/list', '/register']) {
      await visit(v, path, found);
    }
    const post = await v.getByRole('link', { name: /read more|read/i }).first();
    await v.goto('/list');
    if (await post.count()) {
      await post.click();
      await check(v, 'a blog post', found);
    }
    await v.goto('/register?tab=create');
    await check(v, '/register?tab=create', found);
    await visitor.close();

    // The customer: every page, their tickets, and the dialogs they open.
    const c = await signedIn(browser, baseURL!, width, 'customer@demo.test');
    for (const path of [
      '/dashboard',
      '/my-tickets',
      '/create-ticket',
      '/form-wizards',
      '/vault',
      '/billing',
      '/notifications',
      '/referral',
      '/my-profile',
      '/my-profile/notifications',
      '/my-profile/security',
      '/my-profile/data',
    ]) {
      await visit(c.page, path, found);
    }
    const mine = (await (await c.context.request.get('/api/v1/tickets?limit=50')).json()) as {
      items: { name: string; status: string }[];
    };
    // Every ticket page is the same page with other data: six at 1280 px, two at 390 px (the narrow layout's own
    // rules are the header, the menus and the panels' stacking, the same on every ticket).
    const ticketsToRead = width === 390 ? 2 : 6;
    for (const t of mine.items.slice(0, ticketsToRead)) await visit(c.page, `/form/message/${t.name}`, found);
    await visit(c.page, `/form/${mine.items[0]!.name}`, found);
    // The questionnaire's "Saved" popup, while it shows.
    await c.page.getByTestId('q-occupation').fill(`Teacher ${width} ${Date.now() % 1000}`);
    await c.page.getByTestId('q-occupation').blur();
    await expect(c.page.getByTestId('saved-popup')).toBeVisible();
    await check(c.page, 'questionnaire saved popup', found, '[data-testid="saved-popup"]');
    // Dialogs: change password, and signing where a form waits for a signature.
    await c.page.goto('/my-profile');
    await c.page.getByTestId('profile-change-password').click();
    await expect(c.page.getByRole('dialog')).toBeVisible();
    await check(c.page, 'change password dialog', found);
    // The ticket whose Form 8879 waits for a signature: the ones Ready For IRS Filing first (each try is a full load).
    const signingFirst = [...mine.items].sort(
      (x, y) => Number(y.status === 'Ready For IRS Filing') - Number(x.status === 'Ready For IRS Filing'),
    );
    for (const t of signingFirst) {
      await c.page.goto(`/form/message/${t.name}`);
      const sign = c.page.getByTestId('sign-as-taxpayer');
      if (await sign.isVisible()) {
        await sign.click();
        await expect(c.page.getByTestId('signing-dialog')).toBeVisible();
        await check(c.page, `signing dialog (${t.name})`, found);
        break;
      }
    }
    await c.context.close();

    // The Admin: every staff page, a ticket as staff see it, the site editor and its page editor.
    const a = await signedIn(browser, baseURL!, width, 'admin@demo.test', true);
    for (const path of [
      '/dashboard',
      '/all-tickets',
      '/open-tickets',
      '/contacts',
      '/notifications',
      '/inbox',
      '/admin/catalog',
      '/admin/audit-log',
      '/admin/staff',
      '/admin/site/pages',
      '/admin/site/settings',
      '/admin/site/posts',
      '/admin/site/media',
      '/my-profile/security',
    ]) {
      await visit(a.page, path, found);
    }
    for (const t of mine.items.slice(0, width === 390 ? 1 : 3)) await visit(a.page, `/form/message/${t.name}`, found);
    const contacts = (await (await a.context.request.get('/api/v1/contacts?limit=5')).json()) as {
      items: { id: string }[];
    };
    if (contacts.items[0]) await visit(a.page, `/contacts/${contacts.items[0].id}`, found);
    const pages = (await (await a.context.request.get('/api/v1/admin/site/pages')).json()) as {
      items: { id: string }[];
    };
    if (pages.items[0]) await visit(a.page, `/admin/site/pages/${pages.items[0].id}`, found);
    await a.context.close();

    expect(found).toEqual([]);
  });
}
