import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseOption, createTicketByApi, csrfHeaders } from './ticket-helpers.ts';

/** SPEC §4/§9: the 'Saved' popup shows after a save, for 2.5 seconds. */
async function expectSaved(page: Page) {
  const popup = page.getByTestId('saved-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toHaveText('Saved');
  await expect(popup).toBeHidden({ timeout: 5_000 });
}

test('a customer answers the questionnaire: each answer saved with the Saved popup, kept after a reload', async ({
  page,
  customer,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  // With a single ticket, form-wizards goes straight to its questionnaire.
  await page.goto('/form-wizards');
  await expect(page).toHaveURL(new RegExp(`/form/${ticket.name.replace('.', '\\.')}$`));
  const q = page.getByTestId('questionnaire');
  await expect(q.getByRole('heading', { name: 'Taxpayer questionnaire' })).toBeVisible();
  await expect(page.getByTestId('questionnaire-completion')).toHaveText('0% complete');

  await chooseOption(page, 'q-filing_status', 'Single');
  await expectSaved(page);
  await page.getByLabel('First name').fill('Alice');
  await page.getByLabel('Last name').fill('Able');
  await page.getByLabel('Last name').blur();
  await expectSaved(page);

  // The SSN is checked on the device, then saved and shown masked from then on.
  const ssn = page.getByTestId('q-ssn');
  await ssn.fill('12345678');
  await ssn.blur();
  await expect(page.getByText('Must be exactly nine digits.')).toBeVisible();
  await ssn.fill('123-45-6789');
  await ssn.blur();
  await expectSaved(page);
  await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');

  await page.getByTestId('tab-investment').click();
  await page.getByTestId('q-has_w2').getByRole('radio', { name: 'Yes' }).check();
  await expectSaved(page);
  await page.getByRole('button', { name: 'Add a job' }).click();
  await page.getByTestId('q-w2_jobs.0.employer').fill('Acme Corp');
  await page.getByTestId('q-w2_jobs.0.employer').blur();
  await expectSaved(page);
  await page.getByTestId('q-has_interest').getByRole('radio', { name: 'No' }).check();
  await expectSaved(page);
  await expect(page.getByTestId('tab-investment')).toContainText('3/10');

  await page.reload();
  await expect(page.getByTestId('q-has_w2').getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByTestId('q-w2_jobs.0.employer')).toHaveValue('Acme Corp');
  await expect(page.getByTestId('q-has_interest').getByRole('radio', { name: 'No' })).toBeChecked();
  await page.getByTestId('tab-tax_payer').click();
  await expect(page.getByLabel('First name')).toHaveValue('Alice');
  await expect(page.getByLabel('Last name')).toHaveValue('Able');
  await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-6789');
  await expect(page.getByTestId('questionnaire-completion')).not.toHaveText('0% complete');

  // A number entered by mistake can be cleared: saved at once like any answer, still empty after a reload,
  // and nothing is left on the server to reveal.
  await page.getByRole('button', { name: 'Clear: SSN' }).click();
  await page.getByTestId('secret-clear-dialog').getByRole('button', { name: 'Ok' }).click();
  await expectSaved(page);
  await expect(page.getByTestId('q-ssn')).toHaveValue('');
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Alice');
  await expect(page.getByTestId('q-ssn')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear: SSN' })).toHaveCount(0);
  const reveal = await page.request.post(`/api/v1/tickets/${ticket.id}/profile/reveal`, {
    data: { field: 'tax_payer.ssn' },
    headers: await csrfHeaders(page.request),
  });
  expect(reveal.status()).toBe(404);

  // Saying yes to W-2 income asked for a W-2 on the ticket.
  await page.getByRole('link', { name: 'Back to the ticket' }).click();
  const w2 = page.locator('[data-testid="document-request"][data-label="W-2"]');
  await expect(w2).toBeVisible();
  await expect(w2).toHaveAttribute('data-status', 'open');
  // And /edit-profile now opens the questionnaire (completion above 0).
  await page.goto('/edit-profile');
  await expect(page).toHaveURL(new RegExp(`/form/${ticket.name.replace('.', '\\.')}$`));
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('answers carried over from last time ask for nothing until confirmed, and only what the service needs', async ({
    page,
    customer,
  }) => {
    void customer;
    const headers = await csrfHeaders(page.request);
    const put = async (ticket: string, section: string, data: object) =>
      expect((await page.request.put(`/api/v1/tickets/${ticket}/profile/${section}`, { data, headers })).status()).toBe(
        200,
      );
    const labels = async (ticket: string) =>
      (
        (await (await page.request.get(`/api/v1/tickets/${ticket}/document-requests`)).json()) as {
          items: { label: string; status: string }[];
        }
      ).items
        .filter((r) => r.status === 'open')
        .map((r) => r.label);
    const last = await createTicketByApi(page.request);
    await put(last.id, 'tax_payer', { filing_status: 'single', first_name: 'Ana', last_name: 'Lima' });
    await put(last.id, 'investment', { has_w2: true });
    expect(await labels(last.id)).toEqual(['W-2']);
    const ret = await createTicketByApi(page.request); // a return: asks for every section's documents
    const notice = await createTicketByApi(page.request, 3); // "IRS Notice Response": asks for none

    // The list shows each new questionnaire as far along as opening it will, not 0 %.
    await page.goto('/form-wizards');
    const percent = async (name: string) =>
      page
        .locator(`[data-testid="questionnaire-card"][data-ticket="${name}"]`)
        .getByText(/% complete/)
        .textContent();
    const done = await percent(last.name);
    expect(done).not.toBe('0% complete');
    expect(await percent(ret.name)).toBe(done);
    expect(await percent(notice.name)).toBe(done);
    expect(await labels(ret.id)).toEqual([]);

    await page.locator(`[data-testid="questionnaire-card"][data-ticket="${ret.name}"]`).getByRole('link').click();
    await expect(page.getByTestId('questionnaire-prefilled')).toContainText(last.name);
    await page.getByTestId('tab-investment').click();
    await expect(page.getByTestId('questionnaire-request-hint')).toBeVisible();
    const carried = page.getByTestId('questionnaire-carried-over');
    await expect(carried).toContainText('Once you confirm them');
    expect(await labels(ret.id)).toEqual([]);
    await carried.getByRole('button', { name: 'Confirm these answers' }).click();
    await expectSaved(page);
    await expect(carried).toBeHidden();
    expect(await labels(ret.id)).toEqual(['W-2']);

    await page.goto(`/form/${notice.name}?section=investment`);
    await expect(page.getByTestId('questionnaire-carried-over')).toBeVisible();
    await expect(page.getByTestId('questionnaire-request-hint')).toBeHidden();
    await page.getByRole('button', { name: 'Confirm these answers' }).click();
    await expectSaved(page);
    expect(await labels(notice.id)).toEqual([]);
  });

  test('the questionnaire works on a phone: sections, lists, the FBAR note, autosave and reload', async ({
    page,
    customer,
  }) => {
    void customer;
    const ticket = await createTicketByApi(page.request);
    await page.goto(`/form/${ticket.name}`);
    await expect(page.getByTestId('questionnaire')).toBeVisible();
    await page.getByTestId('tab-global_asset').click();
    await page.getByTestId('q-has_foreign_accounts').getByRole('radio', { name: 'Yes' }).check();
    await expectSaved(page);
    for (const [i, balance] of [
      [0, '6000'],
      [1, '5000'],
    ] as const) {
      await page.getByRole('button', { name: 'Add an account' }).click();
      await page.getByTestId(`q-foreign_accounts.${i}.country`).fill('Canada');
      await page.getByTestId(`q-foreign_accounts.${i}.institution`).fill('Maple Bank');
      await page.getByTestId(`q-foreign_accounts.${i}.highest_balance_usd`).fill(balance);
      await page.getByTestId(`q-foreign_accounts.${i}.highest_balance_usd`).blur();
      await expectSaved(page);
    }
    await expect(page.getByTestId('fbar-note')).toContainText('FBAR');
    await expect(page.getByTestId('fbar-note')).toContainText('$11,000');

    // Nothing spills sideways on a phone.
    const overflow = await page.evaluate(() => {
      const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
      return w.document.documentElement.scrollWidth - w.innerWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);

    await page.reload();
    await expect(page.getByTestId('q-foreign_accounts.1.highest_balance_usd')).toHaveValue('$5,000');
    await expect(page.getByTestId('fbar-note')).toBeVisible();
    await expect(page.getByTestId('tab-global_asset')).toContainText('2/3');
  });
});

test('staff open the questionnaire from the ticket and reveal a masked SSN with one click', async ({
  page,
  customer,
  staff,
}) => {
  void customer;
  const ticket = await createTicketByApi(page.request);
  const res = await page.request.put(`/api/v1/tickets/${ticket.id}/profile/tax_payer`, {
    data: { first_name: 'Riley', ssn: '321-54-9876' },
    headers: await csrfHeaders(page.request),
  });
  expect(res.status(), await res.text()).toBe(200);

  const { context, page: staffPage } = await staff('Tax Preparer');
  await staffPage.goto(`/form/message/${ticket.name}`);
  await staffPage.getByTestId('open-questionnaire').click();
  await expect(staffPage).toHaveURL(new RegExp(`/form/${ticket.name.replace('.', '\\.')}$`));
  const ssn = staffPage.getByTestId('q-ssn');
  await expect(ssn).toHaveValue('***-**-9876');
  await staffPage.getByRole('button', { name: 'Reveal: SSN' }).click();
  await expect(ssn).toHaveValue('321-54-9876');
  await expect(staffPage.getByText('Shown in full: this was recorded in the audit log.')).toBeVisible();
  await staffPage.getByRole('button', { name: 'Hide: SSN' }).click();
  await expect(ssn).toHaveValue('***-**-9876');
  await context.close();

  // The customer sees it masked and has no reveal button.
  await page.goto(`/form/${ticket.name}`);
  await expect(page.getByTestId('q-ssn')).toHaveValue('***-**-9876');
  await expect(page.getByRole('button', { name: 'Reveal: SSN' })).toHaveCount(0);
});
