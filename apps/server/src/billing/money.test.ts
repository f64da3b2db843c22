import { describe, expect, it } from 'vitest';
import { computeTotals, formatMoney, taxOf } from './money.ts';

describe('money', () => {
  it('rounds tax half-up on the invoice subtotal', () => {
    expect(taxOf(19900, 825)).toBe(1642); // 1641.75
    expect(taxOf(200, 25)).toBe(1); // 0.5 -> 1
    expect(taxOf(199, 25)).toBe(0); // 0.4975 -> 0
    expect(taxOf(600, 25)).toBe(2); // 1.5 -> 2
    expect(taxOf(0, 825)).toBe(0);
    expect(taxOf(99_999_999, 10_000)).toBe(99_999_999);
  });

  it('sums lines then taxes once', () => {
    const t = computeTotals(
      [
        { quantity: 1, unit_amount_cents: 19900 },
        { quantity: 3, unit_amount_cents: 333 },
      ],
      825,
    )!;
    expect(t.lineAmounts).toEqual([19900, 999]);
    expect(t.subtotal_cents).toBe(20899);
    expect(t.tax_cents).toBe(1724); // 1724.1675
    expect(t.grand_total_cents).toBe(22623);
  });

  it('refuses totals beyond one card payment', () => {
    expect(computeTotals([{ quantity: 10_000, unit_amount_cents: 99_999_999 }], 0)).toBeNull();
    expect(computeTotals([{ quantity: 1, unit_amount_cents: 99_999_999 }], 1)).toBeNull();
  });

  it('formats', () => {
    expect(formatMoney(12345, 'USD')).toBe('$123.45');
  });
});
