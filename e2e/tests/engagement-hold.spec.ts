import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, totpCode } from './fixtures.ts';
import { chooseOption, createTicketByApi, csrfHeaders, postJson } from './ticket-helpers.ts';

/**
 * The hold at Open (issue 33 item 2, docs/decisions/0036): the Admin turns the firm's setting on; staff cannot move the
 * client's ticket out of Open (the page says it is held, the move answers the server's reason); the client signs the
 * engagement letter; staff move the ticket on.
 *
 * The setting is firm-wide: while it is on, every other journey's ticket at Open is held too. So this spec runs in a
 * project of its own, after the journeys (playwright.config.ts `firm-wide`), and turns the setting off whatever
 * happens.
 */

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const w = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return w.document.documentElement.scrollWidth - w.innerWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

const HELD_NOTICE = 'Held at Open until the engagement letter is signed';
const HELD_REASON = 'This ticket stays Open until its engagement letter is signed (firm setting).';

test.describe.configure({ timeout: 240_000 });

for (const width of [1280, 390]) {
  test(`a ticket stays Open until its letter is signed, then staff move it (${width} px)`, async ({
    page,
    customer,
    staff,
  }) => {
    const viewport = { width, height: width === 390 ? 844 : 800 };
    await page.setViewportSize(viewport);
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

    // The client (an authenticator app: the firm's stricter check is on) and their ticket; a letter sent for it with
    // a template of this test's own (not a default: other journeys' letters keep theirs).
    const { secret } = await postJson<{ secret: string }>(page.request, '/api/v1/auth/mfa/setup', {});
    await postJson(page.request, '/api/v1/auth/mfa/enable', { code: totpCode(secret) });
    const ticket = await createTicketByApi(page.request);
    const admin = await staff('Admin', viewport);
    const template = await postJson<{ id: string }>(
      admin.context.request,
      '/api/v1/admin/engagement-templates',
      {
        name: `Hold ${randomUUID().slice(0, 6)}`,
        service_type_id: ticket.service_type.id,
        is_default: false,
        body: '<p>Dear {{client_name}}, we will prepare your {{tax_year}} return.</p>{{services}}',
      },
      201,
    );
    const preparer = await staff('Tax Preparer', viewport);
    const sp = preparer.page;
    const letter = await postJson<{ id: string }>(
      preparer.context.request,
      '/api/v1/engagement-letters',
      { ticket_id: ticket.id, template_id: template.id },
      201,
    );

    // The Admin turns the hold on, under the templates.
    const ap = admin.page;
    await ap.goto('/admin/engagement-templates');
    const settings = ap.getByTestId('engagement-settings');
    await expect(settings).toContainText('Hold tickets at Open until their engagement letter is signed');
    const hold = settings.getByTestId('settings-hold');
    await expect(hold).not.toBeChecked();
    await hold.click();
    await settings.getByTestId('settings-save').click();
    await expect(ap.getByTestId('toast-success').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expect(hold).toBeChecked();
    await noSidewaysScroll(ap);
    await shot(ap, 'admin-hold-on');
    try {
      // Staff see the ticket held; the move answers the server's reason and the ticket stays Open.
      await sp.goto(`/form/message/${ticket.name}`);
      await expect(sp.getByTestId('ticket-name')).toHaveText(ticket.name);
      await expect(sp.getByTestId('status-held')).toContainText(HELD_NOTICE);
      await chooseOption(sp, 'status-select', 'Tax Preparation');
      await sp.getByTestId('status-submit').click();
      await expect(sp.getByTestId('status-error')).toContainText(HELD_REASON);
      await expect(sp.getByTestId('status-held')).toBeVisible();
      await noSidewaysScroll(sp);
      await shot(sp, 'staff-held');

      // The client signs the letter.
      await page.goto(`/letters/${letter.id}`);
      await page.getByTestId('letter-code').fill(totpCode(secret, true));
      await page.getByTestId('letter-confirm').click();
      await page.getByTestId('letter-signer-name').fill(customer.full_name);
      await page.getByTestId('letter-sign-submit').click();
      await expect(page.getByTestId('letter-state')).toHaveText('Signed');

      // Staff move it on now.
      await sp.reload();
      await expect(sp.getByTestId('ticket-name')).toHaveText(ticket.name);
      await expect(sp.getByTestId('status-held')).toHaveCount(0);
      await chooseOption(sp, 'status-select', 'Tax Preparation');
      await sp.getByTestId('status-submit').click();
      await expect(sp.getByTestId('toast-success')).toContainText(`${ticket.name} is now Tax Preparation.`);
      await shot(sp, 'staff-moved');
    } finally {
      const now = await (await admin.context.request.get('/api/v1/admin/engagement-settings')).json();
      const res = await admin.context.request.put('/api/v1/admin/engagement-settings', {
        data: { ...now, hold_at_open_until_signed: false },
        headers: await csrfHeaders(admin.context.request),
      });
      expect(res.status()).toBe(200);
    }
  });
}
