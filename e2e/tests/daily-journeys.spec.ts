import { expect, test } from './fixtures.ts';
import { moveTicketAsAdmin } from './drafts-helpers.ts';
import { createTicketByApi, postJson } from './ticket-helpers.ts';

/*
 * Issue 29's smaller points and issue 30's signed-out link, each at the width an outside tester saw it: what a
 * taxpayer trips over on the profile, at signing, in the questionnaire, and on a mailed link.
 */
test.describe.configure({ timeout: 150_000 });

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`daily journeys on ${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test('a signed-out link goes through sign-in and back; the profile shows every tab, no API tokens', async ({
      page,
      customer,
      browser,
      baseURL,
    }) => {
      const ticket = await createTicketByApi(page.request, 0, 2024);
      // A notification e-mail's link, opened in a browser that is signed out (issue 30).
      const other = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
      const visitor = await other.newPage();
      await visitor.goto(`/form/message/${ticket.name}`);
      await expect(visitor).toHaveURL(new RegExp(`/register\\?next=%2Fform%2Fmessage%2F${ticket.name}$`));
      const form = visitor.getByTestId('sign-in-form');
      await form.getByLabel('E-mail').fill(customer.email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(visitor).toHaveURL(new RegExp(`/form/message/${ticket.name}$`));
      await expect(visitor.getByTestId('ticket-status')).toBeVisible();
      await other.close();

      // The profile's tabs all in view (the fourth was off-screen at 390 px), and no "API tokens" for a taxpayer.
      await page.goto('/my-profile');
      for (const tab of ['details', 'notifications', 'security', 'data']) {
        await expect(page.getByTestId(`profile-tab-${tab}`)).toBeInViewport({ ratio: 1 });
      }
      await page.getByTestId('profile-tab-security').click();
      await expect(page.getByTestId('sessions-panel')).toBeVisible();
      await expect(page.getByTestId('tokens-panel')).toHaveCount(0);
    });

    test('signing without a factor: Security leads back to signing; the questionnaire has a way on', async ({
      page,
      customer: _customer,
      staff,
    }) => {
      const ticket = await createTicketByApi(page.request, 0, 2024);
      const admin = await staff('Admin');
      await postJson(admin.context.request, `/api/v1/tickets/${ticket.id}/signing`, {}, 201);
      await moveTicketAsAdmin(admin.context.request, ticket.id, 'Ready For IRS Filing');

      await page.goto(`/form/message/${ticket.name}`);
      await page.getByTestId('sign-as-taxpayer').click();
      const dialog = page.getByTestId('signing-dialog');
      await expect(dialog.getByTestId('signing-no-factor')).toBeVisible();
      await dialog.getByTestId('signing-open-security').click();
      await expect(page).toHaveURL(/\/security\?back=/);
      const back = page.getByTestId('back-to-signing');
      await expect(back).toBeVisible();
      await back.getByRole('link', { name: `Back to signing ${ticket.name}` }).click();
      // Back in the signing dialog itself (it was only the ticket page); the address no longer asks to reopen it.
      await expect(dialog.getByTestId('signing-no-factor')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/form/message/${ticket.name}$`));
      await page.keyboard.press('Escape');
      await expect(dialog.getByTestId('signing-no-factor')).toBeHidden();
      await expect(page.getByTestId('sign-as-taxpayer')).toBeVisible();
      // Only a page of this site is a way back.
      await page.goto('/security?back=%2F%2Fevil.example%2Fx');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('back-to-signing')).toHaveCount(0);

      // The questionnaire: the taxpayer's own fields fill from the browser, ZIP brings a number pad, and each
      // section ends with the way on (there was none).
      await page.goto(`/form/${ticket.name}`);
      await expect(page.getByTestId('q-first_name')).toHaveAttribute('autocomplete', 'given-name');
      await expect(page.getByTestId('q-address.zip')).toHaveAttribute('inputmode', 'numeric');
      await expect(page.getByTestId('q-address.zip')).toHaveAttribute('autocomplete', 'postal-code');
      await page.getByTestId('q-first_name').fill('Quinn');
      await page.getByTestId('questionnaire-next').click();
      await expect(page.getByRole('tab', { selected: true })).toContainText('Income/Investments');
      await expect(page.getByTestId('questionnaire-completion')).toBeVisible();
      for (let i = 0; i < 2; i++) await page.getByTestId('questionnaire-next').click();
      await page.getByTestId('questionnaire-done').click();
      await expect(page).toHaveURL(new RegExp(`/form/message/${ticket.name}$`));
      // What was typed before moving on was kept.
      const profile = await (await page.request.get(`/api/v1/tickets/${ticket.id}/profile`)).json();
      expect(profile.sections.tax_payer.answers.first_name).toBe('Quinn');
    });
  });
}
