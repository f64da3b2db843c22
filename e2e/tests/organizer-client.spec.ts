import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstService, organizerSaved, publishSampleOrganizer } from './organizer-helpers.ts';
import { postJson, type CreatedTicket } from './ticket-helpers.ts';

/*
 * Issue 32: a client answers the organizer that applies to their ticket. Admin publishes the sample organizer (every
 * question type, conditions, repeating groups) for a service and a tax year only this journey opens tickets for
 * (each width its own year: 2009 and 2010, which no other journey uses), through the Admin API; the customer opens
 * a ticket of that service and year and sees only what applies, the documents asked for following the answers.
 */

const documentsAsked = (page: Page) => page.getByTestId('organizer-documents').getByTestId('organizer-document');

for (const [width, height, year] of [
  [390, 844, 2009],
  [1280, 800, 2010],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a client sees only what applies; the documents asked for follow the answers; a reload keeps them', async ({
      page,
      customer,
      staff,
    }) => {
      void customer;
      const admin = await staff('Admin');
      const service = await firstService(page.request);
      await publishSampleOrganizer(admin.context.request, service.service_id, year, `Organizer ${year}`);
      const ticket = await postJson<CreatedTicket>(page.request, '/api/v1/tickets', { ...service, year }, 201);

      await page.goto(`/form/${ticket.name}`);
      const organizer = page.getByTestId('organizer');
      await expect(organizer.getByRole('heading', { name: `Organizer ${year}` })).toBeVisible();
      await expect(page.getByTestId('organizer-progress')).toHaveText('0 of 6 answered');
      await expect(page.getByTestId('organizer-documents-empty')).toBeVisible();

      // About you: the spouse's SSN only for a married filing status; the SSN checked here, then masked.
      await expect(page.getByTestId('q-spouse_ssn')).toHaveCount(0);
      await page.getByTestId('q-filing_status').getByRole('radio', { name: 'Married filing jointly' }).check();
      await expect(page.getByTestId('q-spouse_ssn')).toBeVisible();
      await page.getByTestId('q-filing_status').getByRole('radio', { name: 'Single' }).check();
      await expect(page.getByTestId('q-spouse_ssn')).toHaveCount(0);
      const ssn = page.getByTestId('q-ssn');
      await ssn.fill('12345678');
      await ssn.blur();
      await expect(page.getByText('Must be exactly nine digits.')).toBeVisible();
      await ssn.fill('123-45-6789');
      await ssn.blur();
      await organizerSaved(page);
      await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');

      // Income: "Did you sell stock?" yes → the proceeds question and the 1099-B; no → both go.
      await page.getByTestId('organizer-tab-income').click();
      await expect(page.getByTestId('q-stock_proceeds')).toHaveCount(0);
      await page.getByTestId('q-sold_stock').getByRole('radio', { name: 'Yes' }).check();
      await expect(page.getByLabel('Total proceeds')).toBeVisible();
      await expect(documentsAsked(page).filter({ hasText: '1099-B' })).toBeVisible();
      await organizerSaved(page);
      await expect(documentsAsked(page).filter({ hasText: '1099-B' })).toHaveAttribute('data-status', 'open');
      await page.getByTestId('q-sold_stock').getByRole('radio', { name: 'No' }).check();
      await expect(page.getByTestId('q-stock_proceeds')).toHaveCount(0);
      await expect(documentsAsked(page).filter({ hasText: '1099-B' })).toHaveCount(0);
      await organizerSaved(page);

      // An employer added: "W-2: <its name>".
      await page.getByTestId('q-has_w2').getByRole('radio', { name: 'Yes' }).check();
      await page.getByRole('button', { name: 'Add: Employer' }).click();
      const employer = page.getByTestId('q-employers.0.employer');
      await expect(employer).toBeFocused();
      await employer.fill('Acme Corp');
      await employer.blur();
      await expect(documentsAsked(page).filter({ hasText: 'W-2: Acme Corp' })).toBeVisible();
      await organizerSaved(page);
      await expect(documentsAsked(page).filter({ hasText: 'W-2: Acme Corp' })).toHaveAttribute('data-status', 'open');
      await expect(page.getByTestId('q-employers-entry').getByText('Acme Corp', { exact: true })).toBeVisible();

      // The ticket's requests are the server's: the W-2 open, the 1099-B cancelled when the answer went.
      const requests = (
        (await (await page.request.get(`/api/v1/tickets/${ticket.id}/document-requests`)).json()) as {
          items: { label: string; status: string }[];
        }
      ).items;
      expect(requests.find((r) => r.label === 'W-2: Acme Corp')?.status).toBe('open');
      expect(requests.find((r) => r.label === '1099-B')?.status).toBe('cancelled');

      // No sideways scroll on a phone.
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.screenshot({ path: `/tmp/shots/organizer-client-${width}.png`, fullPage: true });

      // A reload opens the section the client was in (the address keeps it), with every answer kept.
      await page.reload();
      await expect(page.getByTestId('q-has_w2').getByRole('radio', { name: 'Yes' })).toBeChecked();
      await expect(page.getByTestId('q-sold_stock').getByRole('radio', { name: 'No' })).toBeChecked();
      await expect(page.getByTestId('q-employers.0.employer')).toHaveValue('Acme Corp');
      await expect(documentsAsked(page).filter({ hasText: 'W-2: Acme Corp' })).toHaveAttribute('data-status', 'open');
      await expect(documentsAsked(page)).toHaveCount(1);
      await page.getByTestId('organizer-tab-about_you').click();
      await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');
      await expect(page.getByTestId('q-filing_status').getByRole('radio', { name: 'Single' })).toBeChecked();
      await page.screenshot({ path: `/tmp/shots/organizer-client-${width}-reloaded.png`, fullPage: true });
    });
  });
}
