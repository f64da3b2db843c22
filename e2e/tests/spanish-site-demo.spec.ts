import type { BrowserContext } from '@playwright/test';
import { expect, hydrating, test } from './fixtures.ts';
import { englishOnScreen, es } from './english-scan.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';

/*
 * Issue 31, item 5: the demo firm's site in Spanish (this file's name puts it in the `demo` project, whose sample
 * site ships both languages). A Spanish browser is sent to /es/, reads it in Spanish with its alternates in the
 * head, follows the menu on the Spanish site, switches to English and back with the header's link. At 390 px and
 * 1280 px.
 */
test.describe.configure({ timeout: 120_000 });

let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

for (const [device, options] of [
  ['phone', PHONE],
  ['desk', { viewport: { width: 1280, height: 800 } }],
] as const) {
  test(`${device}: a Spanish browser reads the site at /es, in Spanish, and switches language`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ ...options, baseURL, locale: 'es-US' });
    contexts.push(context);
    const page = hydrating(await context.newPage());
    const { errors } = watchPage(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/es\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The home page in Spanish (a phone gets its mobile variant, with a hero of its own).
    const hero = page.getByRole('heading', { level: 1, name: /^Sus impuestos/ });
    await expect(hero).toBeVisible();
    const alternates = await page
      .locator('head link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}`),
      );
    expect(alternates).toEqual(['en /', 'es /es/', 'x-default /']);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/es\/$/);
    await page.waitForLoadState('networkidle');
    expect(await englishOnScreen(page)).toEqual([]);
    await expect(page.getByTestId('site-no-spanish')).toHaveCount(0);

    // The menu stays on the Spanish site.
    if (device === 'phone') {
      await page.getByRole('button', { name: es('site.openMenu') }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Contacto' }).click();
    } else await page.getByTestId('site-nav').getByRole('link', { name: 'Contacto' }).click();
    await expect(page).toHaveURL(/\/es\/contact-us$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // English from the header: the same page at its English address, and the choice kept.
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/contact-us$/);
    expect(new URL(page.url()).pathname).toBe('/contact-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((c) => c.name === 'tp_lang')?.value).toBe('en');
    // And back: the Spanish address.
    await page.getByTestId('language-link').click();
    await expect(page).toHaveURL(/\/es\/contact-us$/);
    expect(errors).toEqual([]);
  });
}

test('the sitemap lists the Spanish pages with their alternates', async ({ request }) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  expect(xml).toMatch(/<loc>[^<]*\/es\/about-us<\/loc>/);
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="es" href="[^"]*\/es\/about-us"\/>/);
});
