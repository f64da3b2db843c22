import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { expect } from './fixtures.ts';
import { postJson, type CreatedTicket } from './ticket-helpers.ts';

export interface InvoiceJson {
  id: string;
  name: string;
  status: string;
  grand_total_cents: number;
  outstanding_cents: number;
}

/** Staff (an Admin may make any move) put the ticket in Ready For Invoice, the state issuing needs. */
export async function moveToReadyForInvoice(staff: APIRequestContext, ticket: CreatedTicket): Promise<void> {
  await postJson(staff, `/api/v1/tickets/${ticket.id}/status`, { status: 'Ready For Invoice' });
}

/** A tax template of this run (Admin): a unique name, the rate in basis points. */
export async function createTaxTemplate(
  admin: APIRequestContext,
  rateBp: number,
): Promise<{ id: string; name: string }> {
  return postJson(
    admin,
    '/api/v1/admin/catalog/tax-templates',
    { name: `E2E tax ${randomUUID().slice(0, 6)}`, rate_bp: rateBp },
    201,
  );
}

/** Staff invoice and issue a ticket through the API (the UI path has its own test). */
export async function issueInvoiceByApi(
  staff: APIRequestContext,
  ticket: CreatedTicket,
  lines?: unknown[],
): Promise<InvoiceJson> {
  return postJson<InvoiceJson>(
    staff,
    '/api/v1/invoices',
    { ticket_id: ticket.id, issue: true, ...(lines ? { lines } : {}) },
    201,
  );
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** "$1,234.50" as the server's PDF and the en-US browser both write it. */
export const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Fills the test-mode card form of the open pay dialog and submits it. */
export async function payWithTestCard(page: Page, cardNumber: string, testMode = 'Test mode'): Promise<void> {
  const dialog = page.getByTestId('pay-dialog');
  await expect(dialog.getByTestId('test-mode-badge')).toHaveText(testMode);
  await dialog.getByTestId('card-number').fill(cardNumber);
  await dialog.getByTestId('card-exp').fill('12/30');
  await dialog.getByTestId('card-cvc').fill('123');
  await dialog.getByTestId('pay-submit').click();
}

/** The text of a downloaded PDF (see apps/server/src/billing/test/pdf-text.ts). */
export async function downloadedPdfText(download: Download): Promise<string> {
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfText(bytes, ' ');
}

/**
 * axe's serious and critical findings on the page as it stands (the same rules as accessibility.spec.ts),
 * or only inside `include` (billing's part of a page other features share).
 */
export async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}
