import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstService, organizerSaved, publishSampleOrganizer } from './organizer-helpers.ts';
import { csrfHeaders, postJson, type CreatedTicket } from './ticket-helpers.ts';

/*
 * Issue 32 item 3: last year carried forward. Admin publishes the sample organizer for two consecutive tax years
 * only this journey opens tickets for (2011/2012 at 390 px, 2013/2014 at 1280 px), through the Admin API; a fresh
 * customer answers year 1 (an employer, an SSN), then opens a year-2 ticket: its organizer starts from those answers,
 * each marked "still right?", the W-2 only proposed until the employers are confirmed.
 */

/** Year 1's answers, as the client's autosave sends them. */
async function answerYearOne(request: APIRequestContext, ticketId: string) {
  const got = (await (await request.get(`/api/v1/tickets/${ticketId}/organizer`)).json()) as {
    organizer: { version: number; revision: number; carried_forward: unknown };
  };
  expect(got.organizer.carried_forward).toBeNull();
  const res = await request.put(`/api/v1/tickets/${ticketId}/organizer`, {
    headers: await csrfHeaders(request),
    data: {
      version: got.organizer.version,
      revision: got.organizer.revision,
      answers: {
        filing_status: 'single',
        ssn: '123-45-6789',
        has_w2: true,
        employers: [{ id: 'e1', employer: 'Acme Corp', wages: 50000 }],
        sold_stock: false,
        household_size: 1,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const w2 = (page: Page) =>
  page.getByTestId('organizer-documents').getByTestId('organizer-document').filter({ hasText: 'W-2: Acme Corp' });

const requestsOf = async (request: APIRequestContext, ticketId: string) =>
  (
    (await (await request.get(`/api/v1/tickets/${ticketId}/document-requests`)).json()) as {
      items: { label: string; status: string }[];
    }
  ).items;

for (const [width, height, lastYear] of [
  [390, 844, 2011],
  [1280, 800, 2013],
] as const) {
  const thisYear = lastYear + 1;
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("next year's organizer starts from this year's answers, each to confirm; the W-2 proposed until then", async ({
      page,
      customer,
      staff,
    }) => {
      void customer;
      const admin = await staff('Admin');
      const service = await firstService(page.request);
      await publishSampleOrganizer(admin.context.request, service.service_id, lastYear, `Organizer ${lastYear}`);
      await publishSampleOrganizer(admin.context.request, service.service_id, thisYear, `Organizer ${thisYear}`);

      const last = await postJson<CreatedTicket>(page.request, '/api/v1/tickets', { ...service, year: lastYear }, 201);
      await answerYearOne(page.request, last.id);
      const next = await postJson<CreatedTicket>(page.request, '/api/v1/tickets', { ...service, year: thisYear }, 201);

      await page.goto(`/form/${next.name}`);
      await expect(page.getByTestId('organizer').getByRole('heading', { name: `Organizer ${thisYear}` })).toBeVisible();
      const banner = page.getByTestId('organizer-carried-banner');
      await expect(banner).toContainText(
        new RegExp(`We filled in \\d+ answers from your ${lastYear} organizer\\. Check each one is still right\\.`),
      );
      // The SSN came along, masked, its mark read with it.
      await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');
      await expect(page.getByTestId('q-ssn')).toHaveAccessibleDescription(`From ${lastYear}: still right?`);
      await expect(page.getByTestId('q-filing_status')).toContainText(`From ${lastYear}: still right?`);

      // Income: the employer carried, its group marked in its legend; the W-2 only proposed.
      await page.getByTestId('organizer-tab-income').click();
      await expect(page.getByTestId('q-employers.0.employer')).toHaveValue('Acme Corp');
      await expect(page.getByRole('group', { name: `Employers From ${lastYear}: still right?` })).toBeVisible();
      await expect(w2(page)).toHaveAttribute('data-status', 'proposed');
      await expect(w2(page)).toContainText(`Proposed from ${lastYear}: confirm the answer to request it`);
      expect(await requestsOf(page.request, next.id)).toEqual([]);
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.screenshot({ path: `/tmp/shots/organizer-carry-${width}.png`, fullPage: true });

      // "Yes, still right" on the employers: saved at once, the mark goes, the W-2 is requested.
      await page.getByRole('button', { name: 'Yes, still right: Employers' }).click();
      await organizerSaved(page);
      await expect(page.getByTestId('q-employers-carried')).toHaveCount(0);
      await expect(w2(page)).toHaveAttribute('data-status', 'open');
      expect((await requestsOf(page.request, next.id)).map((r) => [r.label, r.status])).toEqual([
        ['W-2: Acme Corp', 'open'],
      ]);
      // The question beside it was not confirmed.
      await expect(page.getByTestId('q-has_w2-carried')).toBeVisible();

      // A reload: confirmed stays confirmed, the rest still asks.
      await page.reload();
      await expect(page.getByTestId('q-employers.0.employer')).toHaveValue('Acme Corp');
      await expect(page.getByTestId('q-employers-carried')).toHaveCount(0);
      await expect(page.getByTestId('q-has_w2-carried')).toBeVisible();
      await expect(w2(page)).toHaveAttribute('data-status', 'open');
      await expect(banner).toBeVisible();
      await page.screenshot({ path: `/tmp/shots/organizer-carry-${width}-confirmed.png`, fullPage: true });

      // "All still right": the rest confirmed in one save; the banner and the marks go, and stay gone.
      await page.getByRole('button', { name: 'All still right' }).click();
      await expect(banner).toHaveCount(0);
      await organizerSaved(page);
      await expect(page.getByTestId('organizer-carried-mark')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('q-employers.0.employer')).toHaveValue('Acme Corp');
      await expect(banner).toHaveCount(0);
      await expect(page.getByTestId('organizer-carried-mark')).toHaveCount(0);
    });
  });
}
