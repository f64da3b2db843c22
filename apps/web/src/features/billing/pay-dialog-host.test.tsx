import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PayButton } from './invoice-actions.tsx';
import { PayDialogHost } from './pay-dialog-host.tsx';

const invoice = {
  id: 'inv1',
  name: 'SINV-2026-00007',
  status: 'Unpaid' as const,
  outstanding_cents: 12_345,
  currency: 'USD',
};

/** A list whose row goes away, as a live refresh does when the invoice is paid. */
function ListThatDropsTheRow() {
  const [rows, setRows] = useState([invoice]);
  return (
    <>
      {rows.map((inv) => (
        <PayButton key={inv.id} invoice={inv} />
      ))}
      <button type="button" onClick={() => setRows([])}>
        refresh
      </button>
      <PayDialogHost />
    </>
  );
}

describe('PayDialogHost', () => {
  it('keeps the card dialog open when the row that opened it disappears', async () => {
    mockApi({
      'POST /invoices/inv1/payment-intent': () =>
        json(200, {
          payment_intent_id: 'pi_test_1',
          client_secret: 'pi_test_1_secret_x',
          amount_cents: 12_345,
          currency: 'USD',
          provider: 'test',
          publishable_key: null,
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ListThatDropsTheRow />);
    await user.click(screen.getByTestId('pay-button'));
    expect(await screen.findByTestId('test-card-form')).toBeVisible();
    // The modal traps focus; the refresh is what a live event does, not a click a person could make.
    screen.getByText('refresh').click();
    await screen.findByText('refresh');
    expect(screen.queryByTestId('pay-button')).toBeNull();
    expect(screen.getByTestId('test-card-form')).toBeVisible();
  });
});
