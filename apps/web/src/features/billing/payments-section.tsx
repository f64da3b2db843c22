import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import type { Invoice, PaymentEntry } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatMoney } from '../../ui/format.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { usePayments, useRefund } from './billing-api.ts';
import { PaymentStatusBadge } from './invoice-status-badge.tsx';
import { formatDay } from './billing-format.ts';

/** The invoice's payment entries; Admins refund one in full after confirming. */
export function PaymentsSection({ invoice, isAdmin }: { invoice: Invoice; isAdmin: boolean }) {
  const { t } = useTranslation();
  const entries = usePayments(invoice.id, isAdmin && invoice.payments.length > 0);
  const refund = useRefund();
  const [target, setTarget] = useState<PaymentEntry | null>(null);
  if (invoice.payments.length === 0) return null;
  const byName = new Map((entries.data?.items ?? []).map((e) => [e.name, e]));

  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }} data-testid="invoice-payments">
      <Title order={2} size="h4" mb="sm">
        {t('billing.payments')}
      </Title>
      <Stack gap="sm">
        {invoice.payments.map((p) => {
          const entry = byName.get(p.name);
          return (
            <Group key={p.name} justify="space-between" gap="sm" wrap="wrap" data-testid="payment-row">
              <div>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {p.name}
                  </Text>
                  <PaymentStatusBadge status={p.status} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDay(p.posting_date)} · {p.mode_of_payment}
                  {p.refunded_cents > 0 &&
                    ` · ${t('billing.refunded', { amount: formatMoney(p.refunded_cents, invoice.currency) })}`}
                </Text>
              </div>
              <Group gap="sm">
                <Text fw={600}>{formatMoney(p.paid_amount_cents, invoice.currency)}</Text>
                {isAdmin && entry && entry.status !== 'Refunded' && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconReceiptRefund size={16} aria-hidden />}
                    onClick={() => setTarget(entry)}
                    data-testid="refund-button"
                  >
                    {t('billing.refund.button')}
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
      <ConfirmDialog
        opened={target !== null}
        label={t('billing.refund.button')}
        message={
          target
            ? t('billing.refund.confirm', {
                amount: formatMoney(target.paid_amount_cents - target.refunded_cents, target.currency),
                name: target.name,
              })
            : ''
        }
        busy={refund.isPending}
        onCancel={() => setTarget(null)}
        onConfirm={() =>
          target &&
          refund.mutate(target.id, {
            onSuccess: () => showSuccessToast(t('billing.refund.done')),
            onError: (err) => showErrorToast(err.message),
            onSettled: () => setTarget(null),
          })
        }
        testId="refund-confirm"
      />
    </Paper>
  );
}
