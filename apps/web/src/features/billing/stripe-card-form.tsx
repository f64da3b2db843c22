import { Button, Stack } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { PaymentIntentResponse, PaymentResult } from '@taxportal/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/format.ts';
import { CardError, type PaySubmit } from './pay-types.ts';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

interface Props {
  intent: PaymentIntentResponse;
  onSubmit: PaySubmit;
  confirm: (paymentIntentId: string) => Promise<PaymentResult>;
}

function PaymentForm({ intent, onSubmit, confirm }: Props) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    await onSubmit(async () => {
      // The card goes from Stripe's frame to Stripe; we only learn the intent's outcome.
      // Cards never redirect; return_url serves only methods that must (Stripe requires one for those).
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) throw new CardError(result.error.message ?? '');
      // Our server asks Stripe itself whether the intent succeeded before recording it.
      return confirm(result.paymentIntent.id);
    });
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} data-testid="stripe-card-form">
      <Stack gap="md">
        <PaymentElement />
        <Button type="submit" size="md" loading={busy} disabled={!stripe} fullWidth data-testid="pay-submit">
          {t('billing.pay.payAmount', { amount: formatMoney(intent.amount_cents, intent.currency) })}
        </Button>
      </Stack>
    </form>
  );
}

/** With Stripe keys: the Payment Element in Stripe's frame, then our confirm call. */
export function StripeCardForm(props: Props) {
  const key = props.intent.publishable_key ?? '';
  const stripe = useMemo(() => stripeFor(key), [key]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.intent.client_secret }}>
      <PaymentForm {...props} />
    </Elements>
  );
}
