import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { BILLING_MESSAGES, type PaymentIntentResponse } from '@taxportal/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { formatMoney } from '../../ui/format.ts';
import { showErrorToast } from '../../ui/toast.tsx';
import { reportPaid } from './pay-dialog-store.ts';
import { paymentsApi, useBillingRefresh } from './billing-api.ts';
import { TestModeBadge } from './invoice-status-badge.tsx';
import { CardError, type PaySubmit } from './pay-types.ts';
import { TestCardForm } from './test-card-form.tsx';
import { contractText } from '../../lib/language.ts';

// Stripe's script loads only when the server uses real Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })));

export interface PayableInvoice {
  id: string;
  name: string;
  outstanding_cents: number;
  currency: string;
}

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; intent: PaymentIntentResponse }
  | { kind: 'paid' }
  | { kind: 'unavailable'; message: string };

interface Failure {
  title: string;
  message?: string;
}

/** SPEC §8: 'Payment Failed' for a decline or a refusal, 'Payment Entry Creation Failed' when the server says so. */
function failureOf(err: unknown, fallback: string): Failure {
  if (err instanceof CardError) return { title: contractText(BILLING_MESSAGES.paymentFailed), message: err.message };
  if (isApiError(err)) {
    if (err.detail === contractText(BILLING_MESSAGES.paymentEntryCreationFailed)) return { title: err.detail };
    const field = err.errors[0]?.message;
    if (err.detail === contractText(BILLING_MESSAGES.paymentFailed)) return { title: err.detail, message: field };
    return {
      title: contractText(BILLING_MESSAGES.paymentFailed),
      message: field && field !== err.detail ? `${err.detail} ${field}` : err.detail,
    };
  }
  return { title: contractText(BILLING_MESSAGES.paymentFailed), message: fallback };
}

export interface PayDialogProps {
  invoice: PayableInvoice;
  onClose: () => void;
}

/**
 * Paying one invoice: asks the server for a PaymentIntent, then collects the card in Stripe's
 * Payment Element or, in test mode, a clearly labelled test card form. Card data never enters
 * our state beyond the form's inputs, nor any storage. Render it only while it is open.
 */
export function PayDialog({ invoice, onClose }: PayDialogProps) {
  const { t } = useTranslation();
  const refresh = useBillingRefresh();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const paidRef = useRef(false);

  // Mounted when the dialog opens: one PaymentIntent request per opening (the server reuses a payable one).
  useEffect(() => {
    let live = true;
    paymentsApi.intent(invoice.id).then(
      (intent) => live && setState({ kind: 'ready', intent }),
      (err: unknown) => {
        if (!live) return;
        setState({ kind: 'unavailable', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [invoice.id]);

  const submit: PaySubmit = async (pay) => {
    setFailure(null);
    try {
      await pay();
      paidRef.current = true;
      setState({ kind: 'paid' });
      reportPaid(invoice.id);
    } catch (err) {
      setFailure(failureOf(err, t('common.somethingWentWrong')));
    }
  };

  // Lists refresh only once the dialog closes: a paid invoice leaves the "awaiting payment" lists,
  // which would otherwise unmount this dialog before it says 'Paid successfully'.
  const close = () => {
    if (!paidRef.current) showErrorToast(contractText(BILLING_MESSAGES.paymentFailed));
    refresh();
    onClose();
  };

  const testMode = state.kind === 'ready' && state.intent.provider === 'test';
  return (
    <Modal
      opened
      onClose={close}
      centered
      size="md"
      radius="md"
      title={
        <Group gap="sm">
          <Text fw={700}>{t('billing.pay.title', { name: invoice.name })}</Text>
          {testMode && <TestModeBadge label={t('billing.pay.testMode')} />}
        </Group>
      }
      data-testid="pay-dialog"
    >
      {state.kind === 'loading' && (
        <Center py="xl">
          <Loader aria-label={t('billing.pay.preparing')} />
        </Center>
      )}
      {state.kind === 'unavailable' && (
        <Alert
          color="red"
          variant="light"
          title={contractText(BILLING_MESSAGES.paymentFailed)}
          styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
          data-testid="pay-error"
        >
          {state.message}
        </Alert>
      )}
      {state.kind === 'paid' && (
        <Stack align="center" gap="sm" py="md" data-testid="pay-success">
          <ThemeIcon color="green" size={56} radius="xl" variant="light">
            <IconCircleCheck size={36} aria-hidden />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {contractText(BILLING_MESSAGES.paidSuccessfully)}
          </Text>
          <Text c="dimmed" size="sm" ta="center">
            {t('billing.pay.receipt')}
          </Text>
          <Button onClick={close} mt="sm">
            {t('common.close')}
          </Button>
        </Stack>
      )}
      {state.kind === 'ready' && (
        <Stack gap="md">
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {t('billing.pay.amount')}
            </Text>
            <Text fw={700} size="lg" data-testid="pay-amount">
              {formatMoney(state.intent.amount_cents, state.intent.currency)}
            </Text>
          </Group>
          {failure && (
            <Alert
              color="red"
              variant="light"
              title={failure.title}
              styles={{ title: { color: 'var(--mantine-color-red-9)' } }}
              data-testid="pay-error"
            >
              {failure.message}
            </Alert>
          )}
          {testMode ? (
            <TestCardForm
              intent={state.intent}
              onSubmit={(card) => submit(() => paymentsApi.testCard(invoice.id, card))}
            />
          ) : (
            <Suspense
              fallback={
                <Center py="md">
                  <Loader />
                </Center>
              }
            >
              <StripeCardForm
                intent={state.intent}
                onSubmit={submit}
                confirm={(id) => paymentsApi.confirm(invoice.id, id)}
              />
            </Suspense>
          )}
        </Stack>
      )}
    </Modal>
  );
}
