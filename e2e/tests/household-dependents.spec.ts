import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstService, organizerSaved, publishSampleOrganizer } from './organizer-helpers.ts';
import { postJson, type CreatedTicket } from './ticket-helpers.ts';

/*
 * Issue 32 item 5: dependents kept once per household and offered to each year's organizer. A customer adds a
 * dependent under Profile → Household; a year's organizer (the sample's dependents group keeps the household's)
 * offers her, "Claim Ana Lopez (born 2016) on this return?", and Add copies her in, SSN masked; a dependent first
 * typed in the organizer is kept in the household list. Each width its own tax year (2015, 2016: no other journey's).
 */

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

for (const [width, height, year] of [
  [390, 844, 2015],
  [1280, 800, 2016],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("a household's dependent is offered to the year's organizer, and one typed there is kept", async ({
      page,
      customer,
      staff,
    }) => {
      void customer;
      const admin = await staff('Admin');
      const service = await firstService(page.request);
      await publishSampleOrganizer(admin.context.request, service.service_id, year, `Family ${year}`);

      // Profile → Household: a dependent added, her SSN masked once saved.
      await page.goto('/my-profile/household');
      const section = page.getByTestId('household-dependents');
      await expect(section.getByTestId('household-dependents-empty')).toBeVisible();
      await section.getByTestId('dependent-add').click();
      const dialog = page.getByRole('dialog', { name: 'Add a dependent' });
      await dialog.getByTestId('dependent-first-name').fill('Ana');
      await dialog.getByTestId('dependent-last-name').fill('Lopez');
      await dialog.getByTestId('dependent-born').fill('2016-05-01');
      await dialog.getByTestId('dependent-relationship').fill('Daughter');
      await dialog.getByTestId('dependent-ssn').fill('123-45-6789');
      await dialog.getByTestId('dependent-ssn').blur();
      await page.screenshot({ path: `/tmp/shots/household-dependents-dialog-${width}.png` });
      await dialog.getByTestId('dependent-save').click();
      await expect(dialog).toHaveCount(0);
      const ana = section.getByTestId('household-dependent').filter({ hasText: 'Ana Lopez' });
      await expect(ana).toContainText('***-**-6789');
      await expect(ana).not.toContainText('123-45-6789');
      await noSidewaysScroll(page);

      // The year's organizer offers her, unasked for nothing: Add copies her in.
      const ticket = await postJson<CreatedTicket>(page.request, '/api/v1/tickets', { ...service, year }, 201);
      await page.goto(`/form/${ticket.name}`);
      await expect(page.getByTestId('organizer').getByRole('heading', { name: `Family ${year}` })).toBeVisible();
      await page.getByTestId('organizer-tab-family').click();
      await page.getByTestId('q-has_dependents').getByRole('radio', { name: 'Yes' }).check();
      const group = page.getByTestId('q-dependents');
      await expect(group).toHaveAttribute('data-count', '0');
      const offer = group.getByTestId('household-offer');
      await expect(offer).toHaveText(/Claim Ana Lopez \(born 2016\) on this return\?/);
      await noSidewaysScroll(page);
      await group.screenshot({ path: `/tmp/shots/household-dependents-offer-${width}.png` });
      await offer.getByRole('button', { name: 'Add: Ana Lopez' }).click();
      await expect(group).toHaveAttribute('data-count', '1');
      await organizerSaved(page);
      await expect(page.getByTestId('q-dependents.0.first_name')).toHaveValue('Ana');
      await expect(page.getByTestId('q-dependents.0.ssn')).toHaveValue('***-**-6789');
      await expect(group.getByTestId('household-offers')).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/shots/household-dependents-organizer-${width}.png`, fullPage: true });

      // One typed in the organizer joins the household's list.
      await expect(page.getByTestId('q-dependents-add')).toHaveText('Add another: Dependent');
      await page.getByTestId('q-dependents-add').click();
      const mateo = page.getByTestId('q-dependents.1.first_name');
      await expect(mateo).toBeFocused();
      await mateo.fill('Mateo');
      await mateo.blur();
      await organizerSaved(page);

      await page.goto('/my-profile/household');
      await expect(section.getByTestId('household-dependent')).toHaveCount(2);
      await expect(section.getByTestId('household-dependent').filter({ hasText: 'Mateo' })).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `/tmp/shots/household-dependents-profile-${width}.png`, fullPage: true });
    });
  });
}
