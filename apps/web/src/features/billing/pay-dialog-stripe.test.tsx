import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PayDialog } from './pay-dialog.tsx';

// Stripe's frame cannot run in jsdom: the SDK is replaced by a stand-in whose confirmPayment the tests steer.
const confirmPayment = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

const invoice = { id: 'inv9', name: 'SINV-2026-00009', outstanding_cents: 5_000, currency: 'USD' };
const intent = {
  payment_intent_id: 'pi_live_9',
  client_secret: 'pi_live_9_secret_y',
  amount_cents: 5_000,
  currency: 'USD',
  provider: 'stripe',
  publishable_key: 'pk_test_abc',
};
const problem = (status: number, detail: string) =>
  json(status, { type: 'about:blank', title: 'Error', status, detail });

beforeEach(() => confirmPayment.mockReset());

describe('PayDialog with Stripe (Payment Element)', () => {
  it("confirms through Stripe, then asks our server to record it: 'Paid successfully'", async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_9', status: 'succeeded' } });
    const calls = mockApi({
      'POST /invoices/inv9/payment-intent': () => json(200, intent),
      'POST /invoices/inv9/payments/confirm': () =>
        json(200, {
          status: 'Success',
          message: 'Paid successfully',
          invoice_id: 'inv9',
          payment_entry: 'ACC-PAY-2026-00009',
        }),
    });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    expect(await screen.findByTestId('payment-element')).toBeInTheDocument();
    expect(screen.queryByTestId('test-mode-badge')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('pay-submit'));
    expect(await screen.findByText('Paid successfully')).toBeVisible();
    expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(calls.find((c) => c.path === '/invoices/inv9/payments/confirm')!.body).toEqual({
      payment_intent_id: 'pi_live_9',
    });
    // No card data ever goes to our server: only the intent id.
    expect(calls.some((c) => c.path.endsWith('/test-card'))).toBe(false);
  });

  it("shows 'Payment Failed' with Stripe's reason on a decline and never calls confirm", async () => {
    confirmPayment.mockResolvedValue({ error: { message: 'Your card was declined.' } });
    const calls = mockApi({ 'POST /invoices/inv9/payment-intent': () => json(200, intent) });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByTestId('pay-submit'));
    const error = await screen.findByTestId('pay-error');
    expect(error).toHaveTextContent('Payment Failed');
    expect(error).toHaveTextContent('Your card was declined.');
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);
  });

  it("shows 'Payment Entry Creation Failed' when the server cannot write the entry after Stripe's success", async () => {
    confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_9', status: 'succeeded' } });
    mockApi({
      'POST /invoices/inv9/payment-intent': () => json(200, intent),
      'POST /invoices/inv9/payments/confirm': () => problem(500, 'Payment Entry Creation Failed'),
    });
    renderWithProviders(<PayDialog invoice={invoice} onClose={() => {}} />);
    await userEvent.setup().click(await screen.findByTestId('pay-submit'));
    expect(await screen.findByTestId('pay-error')).toHaveTextContent('Payment Entry Creation Failed');
    expect(screen.queryByText('Paid successfully')).toBeNull();
  });
});
