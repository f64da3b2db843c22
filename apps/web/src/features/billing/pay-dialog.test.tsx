import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PayDialog } from './pay-dialog.tsx';

const invoice = { id: 'inv1', name: 'SINV-2026-00007', outstanding_cents: 12_345, currency: 'USD' };
const intent = {
  payment_intent_id: 'pi_test_1',
  client_secret: 'pi_test_1_secret_x',
  amount_cents: 12_345,
  currency: 'USD',
  provider: 'test',
  publishable_key: null,
};
const problem = (status: number, detail: string, errors?: { field: string; message: string }[]) =>
  json(status, { type: 'about:blank', title: 'Error', status, detail, ...(errors ? { errors } : {}) });

async function payWith(card: string) {
  const user = userEvent.setup();
  await screen.findByTestId('test-card-form');
  await user.type(screen.getByLabelText('Card number'), card);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByTestId('pay-submit'));
  return user;
}

describe('PayDialog (SPEC §8 outcomes)', () => {
  it("labels test mode, posts the test card and shows 'Paid successfully'", async () => {
    const calls = mockApi({
      'POST /invoices/inv1/payment-intent': () => json(200, intent),
      'POST /invoices/inv1/payments/test-card': () =>
        json(200, {
          status: 'Success',
          message: 'Paid successfully',
          invoice_id: 'inv1',
          payment_entry: 'ACC-PAY-2026-00001',
        }),
    });
    const onClose = vi.fn();
    renderWithProviders(<PayDialog invoice={invoice} onClose={onClose} />);
    expect(await screen.findByTestId('test-mode-badge')).toHaveTextContent('Test mode');
    expect(screen.getByTestId('pay-amount')).toHaveTextContent('$123.45');
    const user = await payWith('4242424242424242');
    expect(await screen.findByText('Paid successfully')).toBeVisible();
    const paid = calls.find((c) => c.path === '/invoices/inv1/payments/test-card')!;
    expect(paid.body).toEqual({
      payment_intent_id: 'pi_test_1',
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    // Nothing about the card is kept in the browser's storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('4242');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('4242');
    // Closing after paying is not a failure.
    await user.click(within(screen.getByTestId('pay-success')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText('Payment Failed')).toBeNull();
  });

  it("shows 'Payment Failed' with the reason when the card is declined, and lets the customer retry", async () => {
    let attempts = 0;
    mockApi({
      'POST /invoices/inv1/payment-intent': () => json(200, intent),
      'POST /invoices/inv1/payments/test-card': () => {
        attempts++;
        return problem(422, 'Payment Failed', [{ field: 'payment_intent_id', message: 'Your card was declined.' }]);
      },
    });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    await payWith('4000000000000002');
    const error = await screen.findByTestId('pay-error');
    expect(error).toHaveTextContent('Payment Failed');
    expect(error).toHaveTextContent('Your card was declined.');
    expect(screen.queryByText('Paid successfully')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('pay-submit'));
    await waitFor(() => expect(attempts).toBe(2));
  });

  it("shows 'Payment Entry Creation Failed' when the server could not write the entry", async () => {
    mockApi({
      'POST /invoices/inv1/payment-intent': () => json(200, intent),
      'POST /invoices/inv1/payments/test-card': () => problem(500, 'Payment Entry Creation Failed'),
    });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    await payWith('4242424242424242');
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('Payment Entry Creation Failed');
    expect(screen.queryByText('Paid successfully')).toBeNull();
  });

  it("says 'Payment Failed' when the dialog is closed without paying", async () => {
    const calls = mockApi({ 'POST /invoices/inv1/payment-intent': () => json(200, intent) });
    const onClose = vi.fn();
    renderWithProviders(<PayDialog invoice={invoice} onClose={onClose} />);
    await screen.findByTestId('test-card-form');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Payment Failed')).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/test-card'))).toBe(false);
  });

  it('refuses an incomplete card on the form without calling the server', async () => {
    const calls = mockApi({ 'POST /invoices/inv1/payment-intent': () => json(200, intent) });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    await screen.findByTestId('test-card-form');
    await userEvent.setup().click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('Enter a card number')).toBeVisible();
    expect(screen.getByText('Use MM/YY')).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/test-card'))).toBe(false);
  });

  it("shows the server's reason when the invoice cannot be paid (already paid)", async () => {
    mockApi({ 'POST /invoices/inv1/payment-intent': () => problem(409, 'This invoice is already paid.') });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('This invoice is already paid.');
    expect(screen.queryByTestId('test-card-form')).toBeNull();
  });
});
