import { DEFAULT_LANGUAGE, type Invoice, type Language } from '@taxportal/contract';
import { PDF_TEXTS } from '@taxportal/contract/texts';
import type { Tx } from '../platform/db/client.ts';
import { textsIn } from '../platform/i18n.ts';
import { formatDay } from '../platform/people-dates.ts';
import { drawable, pdfFontFiles, pdfPlainText } from '../platform/pdf-fonts.ts';
import { firmName } from '../site/index.ts';
import { getSetting } from './invoices.repository.ts';
import { formatMoney } from './money.ts';

export interface Firm {
  name: string;
  address: string[];
  email: string | null;
  phone: string | null;
  tax_id: string | null;
}

/**
 * The firm's letterhead: site setting `firm` ({name, address, email, phone, tax_id}); without a name there, the firm's
 * name from its website (site's firmName).
 */
export async function firmDetails(db: Tx): Promise<Firm> {
  const v = (await getSetting(db, 'firm')) as Partial<Record<keyof Firm, unknown>> | null;
  const str = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);
  const address = Array.isArray(v?.address)
    ? v.address.filter((l): l is string => typeof l === 'string')
    : (str(v?.address)?.split('\n') ?? []);
  return {
    name: str(v?.name) ?? (await firmName(db)),
    address,
    email: str(v?.email),
    phone: str(v?.phone),
    tax_id: str(v?.tax_id),
  };
}

const REGULAR = 'Regular';
const BOLD = 'Bold';

/** The mark across the first page (its text: the catalogue's pdf.invoice.stamps), by status. */
const STAMP_COLORS: Partial<Record<Invoice['status'], string>> = {
  Paid: '#2f9e44',
  Cancelled: '#868e96',
  Refunded: '#ae3ec9',
  Overdue: '#e03131',
};

/**
 * The invoice as a one-or-more page A4 PDF: letterhead, lines, tax, totals, and a PAID mark once paid. Its words
 * and amounts in `language` (the customer's: it is their document, whoever downloads it), dates too ('21 dic 2026').
 */
export async function renderInvoicePdf(
  invoice: Invoice,
  firm: Firm,
  payUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<Buffer> {
  const t = textsIn(language);
  const label = (key: string, params?: Record<string, string>) => t(`pdf.invoice.${key}`, params ?? {});
  // Loaded on first use: pdfkit and its fonts are a sizeable part of the heap, and most processes never draw one.
  const { default: PDFDocument } = await import('pdfkit');
  const fonts = await pdfFontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: label('documentTitle', { invoice: pdfPlainText(invoice.name) }), Author: pdfPlainText(firm.name) },
  });
  // DejaVu (embedded, subset): names and descriptions in any script it has print as typed (platform/pdf-fonts.ts).
  doc.registerFont(REGULAR, fonts.sans.bytes).registerFont(BOLD, fonts.sansBold.bytes);
  // What the customer, the firm or staff typed, as the font can draw it ("?" for what it has no glyph for), its
  // line breaks kept (a line's description can have several lines).
  const typed = (s: string, font = fonts.sans) =>
    s
      .split('\n')
      .map((l) => drawable(l, font))
      .join('\n');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, invoice.currency, language);
  const left = 50;
  const right = 545;

  doc.font(BOLD).fontSize(18).text(typed(firm.name, fonts.sansBold), left, 50, { width: 240 });
  doc.font(REGULAR).fontSize(9).fillColor('#444');
  const taxId = firm.tax_id ? label('taxId', { taxId: firm.tax_id }) : null;
  for (const line of [...firm.address, firm.email, firm.phone, taxId]) if (line) doc.text(typed(line), { width: 240 });
  const letterheadBottom = doc.y;
  doc
    .fillColor('#000')
    .font(BOLD)
    .fontSize(22)
    .text(label('heading'), 350, 50, { width: right - 350, align: 'right' });
  doc.font(REGULAR).fontSize(10);
  const meta: [string, string][] = [
    [label('number'), invoice.name],
    [label('postingDate'), formatDay(invoice.posting_date, language)],
    [label('dueDate'), formatDay(invoice.due_date, language)],
    [label('ticket'), invoice.ticket_name],
    [label('status'), label(`statuses.${invoice.status}`)],
  ];
  let y = 80;
  for (const [k, v] of meta) {
    doc.text(`${k}: ${typed(v)}`, 300, y, { width: right - 300, align: 'right' });
    y += 14;
  }

  y = Math.max(y, letterheadBottom) + 20;
  doc.font(BOLD).text(label('billTo'), left, y);
  doc.font(REGULAR).text(typed(invoice.customer_name), left, y + 14);

  y += 50;
  const cols = { desc: left, qty: 330, unit: 390, amount: 470 };
  const header = (at: number) => {
    doc.font(BOLD).fontSize(10);
    doc.text(label('description'), cols.desc, at);
    doc.text(label('quantity'), cols.qty, at, { width: 50, align: 'right' });
    doc.text(label('unitPrice'), cols.unit, at, { width: 70, align: 'right' });
    doc.text(label('amount'), cols.amount, at, { width: right - cols.amount, align: 'right' });
    doc
      .moveTo(left, at + 14)
      .lineTo(right, at + 14)
      .strokeColor('#ccc')
      .stroke();
    doc.font(REGULAR);
    return at + 20;
  };
  y = header(y);
  for (const line of invoice.lines) {
    const description = typed(line.description);
    const h = doc.heightOfString(description, { width: cols.qty - cols.desc - 10 });
    if (y + h > 720) {
      doc.addPage();
      y = header(50);
    }
    doc.text(description, cols.desc, y, { width: cols.qty - cols.desc - 10 });
    doc.text(String(line.quantity), cols.qty, y, { width: 50, align: 'right' });
    doc.text(money(line.unit_amount_cents), cols.unit, y, { width: 70, align: 'right' });
    doc.text(money(line.amount_cents), cols.amount, y, { width: right - cols.amount, align: 'right' });
    y += Math.max(h, 12) + 6;
  }

  doc
    .moveTo(cols.unit - 40, y)
    .lineTo(right, y)
    .strokeColor('#ccc')
    .stroke();
  y += 8;
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? BOLD : REGULAR).text(label, cols.unit - 100, y, { width: 170, align: 'right' });
    doc.text(value, cols.amount, y, { width: right - cols.amount, align: 'right' });
    y += 16;
  };
  total(label('subtotal'), money(invoice.subtotal_cents));
  if (invoice.tax)
    total(`${typed(invoice.tax.name)} (${(invoice.tax.rate_bp / 100).toFixed(2)}%)`, money(invoice.tax_cents));
  total(label('grandTotal'), money(invoice.grand_total_cents), true);
  if (invoice.paid_cents) total(label('paid'), money(invoice.paid_cents));
  if (invoice.refunded_cents) total(label('refunded'), money(invoice.refunded_cents));
  total(label('outstanding'), money(invoice.outstanding_cents), true);

  for (const p of invoice.payments) {
    const payment = label('payment', {
      payment: p.name,
      date: formatDay(p.posting_date, language),
      amount: money(p.paid_amount_cents),
      // A mode the catalogue does not name prints as recorded.
      mode: Object.hasOwn(PDF_TEXTS.invoice.paymentModes, p.mode_of_payment)
        ? label(`paymentModes.${p.mode_of_payment}`)
        : p.mode_of_payment,
    });
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor('#444')
      .text(typed(payment), left, y + 10);
    y = doc.y;
  }
  if (invoice.outstanding_cents > 0) {
    doc
      .fontSize(9)
      .fillColor('#444')
      .text(label('payOnline', { url: payUrl }), left, y + 20);
  }

  const color = STAMP_COLORS[invoice.status];
  if (color) {
    const stamp = label(`stamps.${invoice.status}`);
    doc.switchToPage(0);
    doc
      .save()
      .rotate(-20, { origin: [300, 330] })
      .font(BOLD)
      .fontSize(72);
    // Across the page, centred where it always was (x 300), on one line: a word wider than the box (REEMBOLSADA)
    // is drawn smaller, never broken in two.
    const wide = doc.widthOfString(stamp);
    if (wide > 470) doc.fontSize((72 * 470) / wide);
    doc.fillColor(color).fillOpacity(0.35);
    doc.text(stamp, 60, 300, { width: 480, align: 'center', lineBreak: false });
    doc.restore();
  }
  doc.end();
  return done;
}
