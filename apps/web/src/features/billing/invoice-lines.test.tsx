import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { InvoiceLines } from './invoice-lines.tsx';

const invoice = {
  lines: [
    {
      id: 'l1',
      position: 1,
      service_id: null,
      description: 'Return',
      quantity: 1,
      unit_amount_cents: 3_000,
      amount_cents: 3_000,
    },
    {
      id: 'c1',
      position: 2,
      service_id: null,
      description: 'Deposit paid (SINV-2026-00001)',
      quantity: 1,
      unit_amount_cents: -3_000,
      amount_cents: -3_000,
    },
  ],
  tax: null,
  subtotal_cents: 3_000,
  tax_cents: 0,
  grand_total_cents: 0,
  paid_cents: 0,
  outstanding_cents: 0,
  currency: 'USD',
};

/** A deposit larger than the ticket's invoice (docs/decisions/0036): what is left shows under the totals. */
describe('InvoiceLines: the deposit credit remaining', () => {
  it('shows what is left of the ticket’s deposit', () => {
    renderWithProviders(<InvoiceLines invoice={{ ...invoice, deposit_credit_left_cents: 2_000 }} />);
    expect(screen.getByText('Deposit credit remaining')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-credit-left')).toHaveTextContent('$20.00');
  });

  it('says nothing when none is left, or on an invoice without it', () => {
    renderWithProviders(<InvoiceLines invoice={{ ...invoice, deposit_credit_left_cents: 0 }} />);
    expect(screen.queryByTestId('deposit-credit-left')).toBeNull();
  });
});
