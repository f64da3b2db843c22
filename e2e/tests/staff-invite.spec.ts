import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, readMail, test, totpCode } from './fixtures.ts';

/**
 * What happens right after the invited person accepts: staff must have a second factor before anything else, so
 * they are taken to /security, set up an authenticator app with the key it shows (the code computed here, as their
 * phone would), keep their recovery codes, and then reach the dashboard.
 */
async function afterAcceptance(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByTestId('factor-required')).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByTestId('totp-card').getByLabel('Authentication code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('p')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}

test('an Admin invites a staff member, who accepts from the mailed link and signs in', async ({
  staff,
  browser,
  baseURL,
  playwright,
}) => {
  const admin = await staff('Admin');
  const email = `e2e-invited-${randomUUID().slice(0, 8)}@example.test`;
  await admin.page.goto('/admin/staff');
  await admin.page.getByTestId('invite-staff').click();
  const form = admin.page.getByTestId('invite-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Reviewer').check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.page.getByTestId('staff-invitation')).toContainText(email);

  const mail = await readMail(email, /accept-invitation\?token=/);
  const link = new URL(/https?:\/\/\S+accept-invitation\?token=\S+/.exec(mail.text)![0]);

  // The invited person, in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`${link.pathname}${link.search}`);
  const accept = page.getByTestId('accept-invitation-form');
  await accept.getByLabel('Full name').fill('Ivy Invited');
  await accept.getByRole('textbox', { name: 'Password', exact: true }).fill('ivy-new-password-1');
  await accept.getByRole('textbox', { name: 'Confirm password' }).fill('ivy-new-password-1');
  await accept.getByRole('button', { name: 'Create my account' }).click();
  await afterAcceptance(page);
  const session = await (await page.request.get('/api/v1/auth/session')).json();
  expect(session.user.email).toBe(email);
  expect([...session.roles].sort()).toEqual(['Reviewer', 'Tax Preparer']);

  // The link is spent.
  const stranger = await playwright.request.newContext({ baseURL });
  const again = await stranger.post('/api/v1/auth/invitations/accept', {
    data: { token: link.searchParams.get('token'), full_name: 'Someone Else', password: 'another-password-2' },
  });
  expect(again.status()).toBe(400);
  await stranger.dispose();
  // Listed for the Admin, then deactivated: signed out at once.
  await admin.page.reload();
  await admin.page.getByTestId('staff-search').fill(email);
  const row = admin.page.locator(`[data-testid="staff-member"][data-email="${email}"]`);
  await expect(row).toContainText('Ivy Invited', { timeout: 30_000 });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await admin.page.getByTestId('confirm-deactivate').getByRole('button', { name: 'Ok' }).click();
  await expect(row.getByTestId('staff-state')).toHaveText('Deactivated');
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  await context.close();
});

test('the staff list comes from the server a page at a time, searched by name and by role', async ({ staff }) => {
  const admin = await staff('Admin');
  // Someone to look for: a reviewer of this run's pool (every pool account exists from the start, so the firm
  // has more staff than one page).
  const sought = (await staff('Reviewer')).user;
  const p = admin.page;
  const listed: string[] = [];
  p.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/admin/staff') listed.push(new URL(r.url()).search);
  });
  await p.goto('/admin/staff');
  const rows = p.getByTestId('staff-member');
  await expect(rows).toHaveCount(20);
  const total = Number(await p.getByTestId('staff-total').textContent());
  expect(total).toBeGreaterThan(20);
  await p.getByTestId('staff-load-more').click();
  await expect(rows).toHaveCount(Math.min(total, 40));
  expect(listed.some((q) => q.includes('cursor='))).toBe(true);

  // Typed words of the name, any case: the server answers with that person alone.
  await p.getByTestId('staff-search').fill(sought.full_name.toUpperCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-email', sought.email);
  await expect(p.getByTestId('staff-total')).toHaveText('1');
  expect(new URLSearchParams(listed.at(-1)).get('q')).toBe(sought.full_name.toUpperCase());

  // By role: every row shown holds it.
  await p.getByTestId('staff-search').fill('');
  await p.getByTestId('staff-role-filter').click();
  await p.getByRole('option', { name: 'Reviewer', exact: true }).click();
  await expect(rows.first()).toBeVisible();
  await expect.poll(() => listed.at(-1)).toContain('role=Reviewer');
  // Asked of the rows as they are when the answer has landed (a list taken earlier may be replaced under it).
  await expect(rows.filter({ hasNotText: 'Reviewer' })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
});

test('an Admin resends a pending invitation (the old link dies) and revokes another (its link is refused)', async ({
  staff,
  browser,
  baseURL,
  playwright,
}) => {
  const admin = await staff('Admin');
  const p = admin.page;
  const run = randomUUID().slice(0, 8);
  const resent = `e2e-resent-${run}@example.test`;
  const revoked = `e2e-revoked-${run}@example.test`;
  await p.goto('/admin/staff');
  for (const email of [resent, revoked]) {
    await p.getByTestId('invite-staff').click();
    const form = p.getByTestId('invite-form');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await expect(form).toBeHidden();
  }
  const invitation = (email: string) => p.locator(`[data-testid="staff-invitation"][data-email="${email}"]`);
  await expect(invitation(resent)).toBeVisible();
  await expect(invitation(revoked)).toBeVisible();
  const tokenOf = (text: string) => /accept-invitation\?token=([\w-]+)/.exec(text)![1]!;
  const firstToken = tokenOf((await readMail(resent, /accept-invitation\?token=/)).text);
  const revokedToken = tokenOf((await readMail(revoked, /accept-invitation\?token=/)).text);

  // Resend: a new link by mail, the same way; the list stays.
  await invitation(resent).getByRole('button', { name: 'Resend' }).click();
  // Each invitation sent has its toast too: find this one among them.
  const toast = (text: string) => p.getByTestId('toast-success').filter({ hasText: text });
  await expect(toast(`Invitation sent again to ${resent}`)).toBeVisible();
  const newToken = tokenOf((await readMail(resent, new RegExp(`accept-invitation\\?token=(?!${firstToken}\\b)`))).text);
  expect(newToken).not.toBe(firstToken);
  await expect(invitation(resent)).toBeVisible();

  // Revoke: asked first, then gone from the list.
  await invitation(revoked).getByRole('button', { name: 'Revoke' }).click();
  const confirm = p.getByTestId('confirm-revoke-invitation');
  await expect(confirm).toContainText(`Revoke the invitation to ${revoked}?`);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(`Invitation to ${revoked} revoked`)).toBeVisible();
  await expect(invitation(revoked)).toHaveCount(0);
  await expect(invitation(resent)).toBeVisible();

  // The revoked link, opened by the invited person: refused on arrival, told why, no form to fill in vain.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/accept-invitation?token=${revokedToken}`);
  await expect(page.getByTestId('invitation-refused')).toContainText('This invitation was withdrawn.');
  await expect(page.getByTestId('accept-invitation-form')).toHaveCount(0);
  // So is the resent invitation's first link; its new link says what it is for.
  await page.goto(`/accept-invitation?token=${firstToken}`);
  await expect(page.getByTestId('invitation-refused')).toHaveText('This invitation is invalid or has expired.');
  await page.goto(`/accept-invitation?token=${newToken}`);
  await expect(page.getByTestId('invitation-for')).toContainText(resent);
  await expect(page.getByTestId('accept-invitation-form')).toBeVisible();
  await context.close();

  // The first link of the resent invitation is refused; the new one works.
  const stranger = await playwright.request.newContext({ baseURL });
  const body = (token: string) => ({ token, full_name: 'Rory Resent', password: 'rory-new-password-1' });
  const old = await stranger.post('/api/v1/auth/invitations/accept', { data: body(firstToken) });
  expect(old.status()).toBe(400);
  expect((await old.json()).detail).toBe('This invitation is invalid or has expired.');
  const fresh = await stranger.post('/api/v1/auth/invitations/accept', { data: body(newToken) });
  expect(fresh.status(), await fresh.text()).toBe(200);
  expect((await fresh.json()).user.email).toBe(resent);
  await stranger.dispose();
});
