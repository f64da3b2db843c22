import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { postJson } from './ticket-helpers.ts';

/** A small valid PDF carrying a marker (what staff upload as a draft). */
export function samplePdf(marker: string): Buffer {
  const stream = `BT /F1 12 Tf 20 100 Td (${marker}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Moves a ticket to a status as an Admin's `request` (an Admin may make any move). */
export async function moveTicketAsAdmin(admin: APIRequestContext, ticketId: string, status: string) {
  await postJson(admin, `/api/v1/tickets/${ticketId}/status`, { status });
}

/** Staff upload a draft PDF through the ticket page's form. */
export async function uploadDraftByUi(page: Page, marker: string, label = 'Draft') {
  const form = page.getByTestId('draft-upload-form');
  await form.locator('input[type="file"]').setInputFiles({
    name: `${marker}.pdf`,
    mimeType: 'application/pdf',
    buffer: samplePdf(marker),
  });
  if (label !== 'Draft') {
    await form.getByTestId('draft-upload-label').click();
    await page.getByRole('option', { name: label, exact: true }).click();
  }
  await form.getByTestId('draft-upload-submit').click();
  await expect(page.getByTestId('toast-success').filter({ hasText: /^Draft (v\d+ )?uploaded/ })).toBeVisible();
}

/** Draws a squiggle on the signature pad with real mouse moves. */
export async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 3 });
  }
  await page.mouse.up();
}
