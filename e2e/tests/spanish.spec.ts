import type { BrowserContext } from '@playwright/test';
import { awaitHydration, expect, newUser, registerByApi, signInByApi, test } from './fixtures.ts';
import { PHONE, watchPage } from './prerender-helpers.ts';
import { createTicketByApi } from './ticket-helpers.ts';

/*
 * Issue 31, the language: a visitor whose browser prefers Spanish reads the portal in Spanish; the header's link
 * switches it (a cookie keeps the choice, before or after the app has loaded); a signed-in reader's pages follow
 * it, and the profile's language saves it and switches at once. At 390 px (a phone) and 1280 px.
 */
let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  contexts = [];
});

const cookieOf = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'tp_lang')?.value;

for (const phone of [true, false]) {
  test(`${phone ? 'phone' : 'desk'}: a Spanish browser reads /register in Spanish, and the header switches it`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      ...(phone ? PHONE : { viewport: { width: 1280, height: 800 } }),
      baseURL,
      locale: 'es-US',
    });
    contexts.push(context);
    const page = await context.newPage();
    const { errors } = watchPage(page);
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toBeVisible();
    // Rendered in Spanish by the server; hydrated in Spanish, with nothing drawn again (no hydration error).
    await page.mouse.move(5, 5);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Create account', { exact: true })).toHaveCount(0);

    // English, from the header: the page comes back in English, and stays so.
    const link = page.getByTestId('language-link');
    await expect(link).toHaveText('English');
    await link.click();
    await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await cookieOf(context)).toBe('en');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();

    // And back to Spanish.
    await page.getByTestId('language-link').click();
    await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toBeVisible();
    expect(await cookieOf(context)).toBe('es');
    expect(errors).toEqual([]);
  });
}

test('the language link works without the app, and sends back only to a page of this site', async ({ request }) => {
  const res = await request.get('/language/es?next=%2Fregister%3Ftab%3Dcreate', { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers()['location']).toBe('/register?tab=create');
  expect(res.headers()['set-cookie']).toMatch(/^tp_lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/);
  for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
    const away = await request.get(`/language/en?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    expect(away.status(), next).toBe(303);
    expect(away.headers()['location'], next).toBe('/');
  }
  // A language the portal does not speak changes nothing.
  const unknown = await request.get('/language/xx?next=%2F', { maxRedirects: 0 });
  expect(unknown.status()).toBe(303);
  expect(unknown.headers()['set-cookie']).toBeUndefined();
  // The page a Spanish reader is sent says so, for any page, and a rendered one is rendered in Spanish.
  const html = await request.get('/my-tickets', { headers: { cookie: 'tp_lang=es' } });
  expect(await html.text()).toContain('<html lang="es"');
  // (This request context sends its own Accept-Language: the browser journeys above check the browser's.)
  const register = await (await request.get('/register', { headers: { cookie: 'tp_lang=es' } })).text();
  expect(register).toContain('<html lang="es"');
  expect(register).toContain('Crear cuenta');
  expect(register).not.toContain('>Create account<');
  const registerEn = await (await request.get('/register', { headers: { cookie: 'tp_lang=en' } })).text();
  expect(registerEn).toContain('Create account');
  expect(registerEn).not.toContain('Crear cuenta');
  const english = await request.get('/my-tickets', { headers: { cookie: 'tp_lang=en' } });
  expect(await english.text()).toContain('<html lang="en"');
});

test('signed in: the header saves the language on the profile, it follows to another device, the profile changes it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const user = newUser();
  await registerByApi(context.request, user);
  const page = await context.newPage();
  const { errors } = watchPage(page);
  await page.goto('/dashboard');
  await expect(page.getByText(`Welcome, ${user.full_name}`)).toBeVisible();
  await awaitHydration(page);
  await page.getByTestId('language-link').click();
  await expect(page.getByText(`Hola, ${user.full_name}`)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await cookieOf(context)).toBe('es');
  await expect.poll(async () => (await (await context.request.get('/api/v1/profile')).json()).language).toBe('es');

  // Another device, whose browser prefers English: once signed in, the portal is in Spanish there too.
  const other = await browser.newContext({ ...PHONE, baseURL, locale: 'en-US' });
  contexts.push(other);
  await signInByApi(other.request, { email: user.email, password: user.password });
  const phone = await other.newPage();
  await phone.goto('/dashboard');
  await awaitHydration(phone);
  await expect(phone.getByText(`Hola, ${user.full_name}`)).toBeVisible({ timeout: 15_000 });
  expect(await cookieOf(other)).toBe('es');

  // The profile's language: shown as saved, changed back to English, drawn in English at once.
  await page.goto('/my-profile');
  const form = page.getByTestId('profile-details-form');
  await expect(form.getByRole('combobox', { name: 'Idioma' })).toHaveValue('Español');
  await form.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  // Taken at once: saved and drawn in English, with no Save pressed.
  await expect(form.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await cookieOf(context)).toBe('en');
  await expect.poll(async () => (await (await context.request.get('/api/v1/profile')).json()).language).toBe('en');
  expect(errors).toEqual([]);
});

test('staff see that a customer reads Spanish, on the ticket list, the ticket and the contact', async ({
  browser,
  baseURL,
  staff,
}) => {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  await context.addCookies([{ name: 'tp_lang', value: 'es', url: baseURL! }]);
  const user = newUser();
  await registerByApi(context.request, user);
  const ticket = await createTicketByApi(context.request);
  const session = await (await context.request.get('/api/v1/auth/session')).json();

  const { page } = await staff('Tax Preparer');
  await page.goto(`/form/message/${ticket.name}`);
  const badge = page.getByTestId('ticket-page').getByTestId('reader-language');
  await expect(badge).toHaveText('ES');
  await expect(badge).toHaveAttribute('title', 'Reads the portal in Spanish: answer in Spanish');
  await page.goto(`/contacts/${session.user.id}`);
  await expect(page.getByTestId('reader-language')).toHaveText('ES');
});
