import { randomUUID } from 'node:crypto';
import { expect, readMail, test, totpCode } from './fixtures.ts';
import { drawSignature, moveTicketAsAdmin } from './drafts-helpers.ts';
import { enableTotp, expectNoSidewaysScroll } from './household-helpers.ts';
import { chooseOption } from './ticket-helpers.ts';

/**
 * A household (issue 32 item 5, docs/decisions/0032): the taxpayer invites their spouse from Profile → Household;
 * the spouse, new to the portal, chooses a password from the mailed link and joins (their login is made only then); the taxpayer opens a
 * joint return, which the spouse sees too; staff prepare its Form 8879 and the spouse signs their own part, signed
 * in as themselves with their own authenticator app, while the taxpayer cannot sign it for them.
 */

test.describe.configure({ timeout: 180_000 });

for (const width of [1280, 390]) {
  test(`a spouse joins from the mailed link and signs their part of a joint Form 8879 (${width} px)`, async ({
    page,
    customer,
    staff,
    browser,
    baseURL,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const id = randomUUID().slice(0, 8);
    const spouse = { name: `Sasha Spouse ${id}`, email: `e2e-spouse-${id}@example.test`, password: `sp-${id}-secret` };

    // The taxpayer invites their spouse, who has no account yet.
    await page.goto('/my-profile/household');
    const household = page.getByTestId('household');
    await household.getByTestId('household-invite-name').fill(spouse.name);
    await household.getByTestId('household-invite-email').fill(spouse.email);
    await household.getByTestId('household-invite-submit').click();
    await expect(household.getByTestId('household-sent')).toContainText(`Invitation sent to ${spouse.name}`);
    await expectNoSidewaysScroll(page);

    // The spouse follows the mailed link: their login is made only now, with the password they choose, and joins.
    const mail = await readMail(spouse.email, /join-household\?token=/);
    expect(mail.subject).toContain(customer.full_name);
    const link = new URL(/https?:\/\/\S+join-household\?token=\S+/.exec(mail.text)![0]);
    const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
    const them = await context.newPage();
    await them.goto(`${link.pathname}${link.search}`);
    await expect(them.getByRole('heading', { level: 1 })).toContainText(`Join ${customer.full_name}'s household`);
    await expect(them.getByTestId('join-for')).toContainText(spouse.email);
    const join = them.getByTestId('join-household-form');
    await expect(join.getByRole('textbox', { name: 'Your full name' })).toHaveValue(spouse.name);
    await join.getByRole('textbox', { name: 'Password', exact: true }).fill(spouse.password);
    await join.getByRole('textbox', { name: 'Confirm password' }).fill(spouse.password);
    await expectNoSidewaysScroll(them);
    await join.getByRole('button', { name: 'Create my login and join' }).click();
    await expect(them).toHaveURL(/\/my-profile\/household$/);
    await expect(them.getByTestId('household-member')).toHaveCount(2);
    await expect(them.getByTestId('household-member').last()).toContainText(`${spouse.name} (You)`);
    // The link is single use: opened again, it says so before anything is typed.
    const again = await context.newPage();
    await again.goto(`${link.pathname}${link.search}`);
    await expect(again.getByTestId('join-refused')).toContainText('invalid, used or expired');
    await again.close();
    const spouseSecret = await enableTotp(them.request);

    // The taxpayer opens a joint return with the spouse.
    await page.goto('/create-ticket');
    const form = page.getByTestId('create-ticket-form');
    await chooseOption(page, 'service-type-select', 'Individual Tax Return');
    await chooseOption(page, 'service-select', /Form 1040 – Standard/);
    await chooseOption(page, 'year-select', '2024');
    await form.getByTestId('create-ticket-joint').check();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/form\/message\/TD\.\d{4,}$/);
    const name = (await page.getByTestId('ticket-name').textContent())!.trim();
    await expect(page.getByTestId('ticket-joint')).toContainText(`Joint with ${spouse.name}`);
    const ticketId = (await (await page.request.get(`/api/v1/tickets/${name}`)).json()).id as string;

    // The spouse sees it too, from their own login.
    await them.goto(`/form/message/${name}`);
    await expect(them.getByTestId('ticket-name')).toHaveText(name);
    await expect(them.getByTestId('ticket-joint')).toContainText(`Joint with ${spouse.name}`);
    await expect(them.getByTestId('ticket-joint-switch')).toHaveCount(0);
    await expectNoSidewaysScroll(them);

    // Staff prepare the form: joint with the ticket's spouse, who signs with their own login (no fields to fill).
    const prep = await staff('Tax Preparer', viewport);
    await prep.page.goto(`/form/message/${name}`);
    await expect(prep.page.getByTestId('signing-joint-account')).toContainText(spouse.name);
    await prep.page.getByTestId('signing-prepare-submit').click();
    await expect(prep.page.getByTestId('signer-row')).toHaveCount(2);
    const admin = await staff('Admin');
    await moveTicketAsAdmin(admin.context.request, ticketId, 'Ready For IRS Filing');

    // The taxpayer may sign their part only.
    await page.reload();
    await expect(page.getByTestId('sign-as-taxpayer')).toBeVisible();
    await expect(page.getByTestId('sign-as-spouse')).toHaveCount(0);
    await expect(page.getByTestId('signer-own-login')).toContainText(
      `${spouse.name} signs this part with their own login`,
    );

    // The spouse signs theirs with their own authenticator app.
    await them.reload();
    await expect(them.getByTestId('sign-as-taxpayer')).toHaveCount(0);
    await them.getByTestId('sign-as-spouse').click();
    const dialog = them.getByTestId('signing-dialog');
    await dialog.getByLabel('Authenticator or recovery code').fill(totpCode(spouseSecret, true));
    await dialog.getByTestId('signing-confirm').click();
    await dialog.getByTestId('signing-name').fill(spouse.name);
    await drawSignature(them);
    await dialog.getByTestId('signing-agree').check();
    await dialog.getByTestId('signing-submit').click();
    await expect(them.getByTestId('toast-success').filter({ hasText: 'Form 8879 is signed' })).toBeVisible();
    const spouseRow = them.locator('[data-testid="signer-row"][data-role="spouse"]');
    await expect(spouseRow).toHaveAttribute('data-signed', 'yes');
    await expect(spouseRow.getByTestId('signer-status')).toContainText('TOTP');
    await expectNoSidewaysScroll(them);

    // The taxpayer and staff see the spouse's signature.
    await page.reload();
    await expect(page.locator('[data-testid="signer-row"][data-role="spouse"]')).toHaveAttribute('data-signed', 'yes');
    await prep.page.reload();
    await expect(prep.page.locator('[data-testid="signer-row"][data-role="spouse"]')).toHaveAttribute(
      'data-signed',
      'yes',
    );
    await context.close();
  });
}
