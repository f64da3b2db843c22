import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, newUser, readMail, registerByApi, test } from './fixtures.ts';

/** The page fits its width: nothing scrolls sideways (a table or a long address would push it). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 390]) {
  test(`an Admin imports clients from CSV (a duplicate and an invalid row left out), invites them, and one joins (${width} px)`, async ({
    staff,
    browser,
    baseURL,
    playwright,
  }) => {
    const admin = await staff('Admin', { width, height: width === 390 ? 844 : 800 });
    const p = admin.page;
    // A customer the firm already has: their row is a duplicate.
    const existing = newUser();
    const api = await playwright.request.newContext({ baseURL });
    await registerByApi(api, existing);
    await api.dispose();
    const id = randomUUID().slice(0, 8);
    const client = { name: `Nora Imported ${id}`, email: `e2e-import-${id}@example.test` };
    const csv = [
      'Nombre;Correo;Teléfono;Idioma;Notas',
      `${client.name};${client.email};;English;"Prefers e-mail; evenings"`,
      `Already Here;${existing.email};;;`,
      `Broken Row;not-an-email;;;`,
      // A stray quote: that line is invalid, the lines after it are still read.
      `=HYPERLINK("http://x/";"y");e2e-formula-${id}@example.test;;;`,
      `Late Row ${id};e2e-late-${id}@example.test;;;`,
    ].join('\r\n');

    await p.goto('/admin/client-imports');
    await p
      .getByTestId('import-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(p).toHaveURL(/\/admin\/client-imports\/[\w-]+$/);
    // The columns are guessed from the Spanish header; the first rows are shown under.
    await expect(p.getByTestId('map-email')).toHaveValue(/Correo/);
    await expect(p.getByTestId('sample-row')).toHaveCount(5);
    await expectNoSidewaysScroll(p);
    await p.getByTestId('check-import').click();

    // The dry run: two to create, one duplicate, two invalid with their reasons; nothing created yet.
    await expect(p.getByTestId('count-create')).toContainText('2');
    await expect(p.getByTestId('count-duplicate')).toContainText('1');
    await expect(p.getByTestId('count-invalid')).toContainText('2');
    await p.getByTestId('tab-duplicate').click();
    await expect(p.getByTestId('rows-duplicate')).toContainText('An account already has this e-mail');
    await p.getByTestId('tab-invalid').click();
    await expect(p.getByTestId('rows-invalid')).toContainText('The e-mail is not valid');
    await expect(p.getByTestId('rows-invalid')).toContainText('Broken quotes');
    await expectNoSidewaysScroll(p);
    await p.getByTestId('commit-import').click();
    await expect(p.getByTestId('import-result')).toHaveText('2 clients imported.');

    // Invited by e-mail, once asked: a double click on Send sends one request, sent in the background.
    await p.getByTestId('invite-email').click();
    const confirm = p.getByTestId('confirm-invite');
    await expect(confirm).toContainText('Send 2 invitations by e-mail?');
    const invites: string[] = [];
    p.on('request', (r) => {
      if (r.method() === 'POST' && /\/invitations$/.test(r.url())) invites.push(r.url());
    });
    await confirm.getByRole('button', { name: 'Send' }).dblclick();
    await expect(p.getByText('2 invitations are on their way (0 left out).')).toBeVisible();
    expect(invites).toHaveLength(1);
    const row = p.getByTestId('invitation-row').filter({ hasText: client.name });
    await expect(row.getByTestId('invitation-state')).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expectNoSidewaysScroll(p);

    const mail = await readMail(client.email, /reset-password\?token=/);
    const link = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(mail.text)![0]);
    const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const invitee = await context.newPage();
    await invitee.goto(`${link.pathname}${link.search}`);
    await expect(invitee.getByRole('heading', { name: 'Welcome! Choose your password to join' })).toBeVisible();
    await p.reload();
    await expect(row.getByTestId('invitation-state')).toHaveAttribute('data-state', 'opened', { timeout: 15_000 });

    const form = invitee.getByTestId('reset-password-form');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('nora-new-password-1');
    await form.getByRole('textbox', { name: 'Confirm new password' }).fill('nora-new-password-1');
    await form.getByRole('button', { name: 'Set new password' }).click();
    await expect(invitee).toHaveURL(/\/register/);
    // Joining, not a reset: the text welcomes them.
    await expect(invitee.getByText('Your account is ready.', { exact: false })).toBeVisible();
    const signIn = await invitee.request.post('/api/v1/auth/login', {
      data: { email: client.email, password: 'nora-new-password-1' },
    });
    expect(signIn.status()).toBe(200);
    // The used link says so as it opens, with the way forward; so does a link that never was (no form to fill).
    await context.clearCookies();
    await invitee.goto(`${link.pathname}${link.search}`);
    await expect(invitee.getByRole('heading', { name: 'You have already joined' })).toBeVisible();
    await expect(invitee.getByTestId('reset-password-form')).toHaveCount(0);
    await invitee.goto(`/reset-password?token=${'x'.repeat(43)}&invite=1`);
    await expect(invitee.getByRole('heading', { name: 'This invitation link is no longer valid' })).toBeVisible();
    await expect(invitee.getByTestId('invite-link-dead').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(invitee.getByTestId('reset-password-form')).toHaveCount(0);
    await context.close();

    await p.reload();
    await expect(row.getByTestId('invitation-state')).toHaveAttribute('data-state', 'joined', { timeout: 15_000 });
    // Staff's note came with the client, on their contact page.
    const contacts = await p.request.get(`/api/v1/contacts?q=${encodeURIComponent(client.email)}`);
    const contactId = (await contacts.json()).items[0].id as string;
    await p.goto(`/contacts/${contactId}`);
    await expect(p.getByTestId('contact-notes')).toContainText('Prefers e-mail; evenings');
    await expectNoSidewaysScroll(p);
  });
}
