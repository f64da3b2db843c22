import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { PaymentIntentResponse, TestCardPaymentBody } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/format.ts';

/** Groups the digits in fours as people type them. */
const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * Test mode only (no Stripe keys): the built-in provider's card form, labelled as such. The
 * numbers stay in this component's inputs and go only to the test-card endpoint. Autofill stays off on purpose
 * (issue 29 asked for it): a browser would offer the person's real card to a form that sends the number to our own
 * server, which must never hold one; with keys, Stripe's Payment Element offers the browser's saved cards itself.
 */
export function TestCardForm({
  intent,
  onSubmit,
}: {
  intent: PaymentIntentResponse;
  onSubmit: (card: TestCardPaymentBody) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState({ number: '', exp: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (card.number.replace(/\D/g, '').length < 12) next.card_number = t('billing.pay.cardRequired');
    if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.exp)) next.exp = t('billing.pay.expInvalid');
    if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = t('billing.pay.cvcInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    // The dialog reports the outcome; this form only holds the inputs.
    await onSubmit({
      payment_intent_id: intent.payment_intent_id,
      card_number: card.number,
      exp: card.exp,
      cvc: card.cvc,
    });
    setBusy(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="test-card-form" autoComplete="off">
      <Stack gap="sm">
        <Alert
          color="orange"
          variant="light"
          icon={<IconFlask size={18} aria-hidden />}
          title={t('billing.pay.testMode')}
          styles={{ title: { color: '#7c2d12' } }}
        >
          <Text size="sm">{t('billing.pay.testModeText')}</Text>
        </Alert>
        <TextInput
          label={t('billing.pay.cardNumber')}
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="off"
          value={card.number}
          onChange={(e) => {
            const number = groupDigits(e.currentTarget.value);
            setCard((c) => ({ ...c, number }));
          }}
          error={errors.card_number}
          data-testid="card-number"
        />
        <Group grow gap="sm" wrap="nowrap">
          <TextInput
            label={t('billing.pay.expiry')}
            placeholder={t('billing.pay.expiryPlaceholder')}
            inputMode="numeric"
            autoComplete="off"
            value={card.exp}
            onChange={(e) => {
              const exp = formatExpiry(e.currentTarget.value);
              setCard((c) => ({ ...c, exp }));
            }}
            error={errors.exp}
            data-testid="card-exp"
          />
          <TextInput
            label={t('billing.pay.cvc')}
            placeholder="123"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={card.cvc}
            onChange={(e) => {
              const cvc = e.currentTarget.value.replace(/\D/g, '');
              setCard((c) => ({ ...c, cvc }));
            }}
            error={errors.cvc}
            data-testid="card-cvc"
          />
        </Group>
        <Button type="submit" size="md" loading={busy} fullWidth mt="xs" data-testid="pay-submit">
          {t('billing.pay.payAmount', { amount: formatMoney(intent.amount_cents, intent.currency) })}
        </Button>
      </Stack>
    </form>
  );
}
