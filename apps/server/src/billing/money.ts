import { DEFAULT_LANGUAGE, MAX_INVOICE_TOTAL_CENTS, localeOf, type Language } from '@taxportal/contract';

export interface LineAmounts {
  quantity: number;
  unit_amount_cents: number;
}
export interface Totals {
  lineAmounts: number[];
  subtotal_cents: number;
  tax_cents: number;
  grand_total_cents: number;
}

/**
 * Tax on the invoice subtotal (not per line), rounded half-up to the cent:
 * round(subtotal × rate_bp / 10 000). BigInt keeps the product exact.
 */
export function taxOf(subtotalCents: number, rateBp: number): number {
  if (subtotalCents < 0 || rateBp < 0) throw new RangeError('negative amount or rate');
  const product = BigInt(subtotalCents) * BigInt(rateBp);
  return Number((product * 2n + 10_000n) / 20_000n);
}

/** Integer cents in, integer cents out; null when the total exceeds what one card payment allows. */
export function computeTotals(lines: LineAmounts[], rateBp: number): Totals | null {
  const lineAmounts = lines.map((l) => l.quantity * l.unit_amount_cents);
  const subtotal = lineAmounts.reduce((a, b) => a + b, 0);
  if (lineAmounts.some((a) => !Number.isSafeInteger(a) || a < 0) || subtotal > MAX_INVOICE_TOTAL_CENTS) return null;
  const tax = taxOf(subtotal, rateBp);
  const grand = subtotal + tax;
  if (grand > MAX_INVOICE_TOTAL_CENTS) return null;
  return { lineAmounts, subtotal_cents: subtotal, tax_cents: tax, grand_total_cents: grand };
}

/**
 * `12345, 'USD'` → `$123.45`, in the reader's language's locale (for e-mails, notifications and the PDF; the web
 * formats in the user's locale). es-US writes dollars as en-US does: `$1,234.56`.
 */
export function formatMoney(cents: number, currency: string, language: Language = DEFAULT_LANGUAGE): string {
  return new Intl.NumberFormat(localeOf(language), { style: 'currency', currency }).format(cents / 100);
}
