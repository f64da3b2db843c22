import { Divider, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { Invoice, SharedInvoice } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../ui/format.ts';
import { formatRate } from './billing-format.ts';
import { useIsPhone } from '../../ui/use-is-phone.ts';

type WithLines = Pick<
  Invoice | SharedInvoice,
  | 'lines'
  | 'tax'
  | 'subtotal_cents'
  | 'tax_cents'
  | 'grand_total_cents'
  | 'paid_cents'
  | 'outstanding_cents'
  | 'currency'
> & { deposit_credit_left_cents?: number | undefined };

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The invoice's lines, then subtotal, tax, grand total, paid, outstanding and the ticket's deposit credit remaining.
 * Lines stack on phones.
 */
export function InvoiceLines({ invoice }: { invoice: WithLines }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const money = (c: number) => formatMoney(c, invoice.currency);

  return (
    <Stack gap="md">
      {isPhone ? (
        <Stack gap="xs" data-testid="invoice-lines">
          {invoice.lines.map((l) => (
            <Paper key={l.id} withBorder p="sm" radius="md" data-testid="invoice-line">
              <Text size="sm" fw={600}>
                {l.description}
              </Text>
              <Group justify="space-between" mt={4}>
                <Text size="xs" c="dimmed">
                  {t('billing.lineQtyPrice', { qty: l.quantity, price: money(l.unit_amount_cents) })}
                </Text>
                <Text size="sm" fw={600}>
                  {money(l.amount_cents)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={480} mb={0}>
          <Table verticalSpacing="xs" data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('billing.col.description')}</Table.Th>
                <Table.Th ta="right">{t('billing.col.quantity')}</Table.Th>
                <Table.Th ta="right">{t('billing.col.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('billing.col.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((l) => (
                <Table.Tr key={l.id} data-testid="invoice-line">
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td ta="right">{l.quantity}</Table.Td>
                  <Table.Td ta="right">{money(l.unit_amount_cents)}</Table.Td>
                  <Table.Td ta="right">{money(l.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={6} ml={{ base: 0, sm: 'auto' }} w={{ base: '100%', sm: 320 }} data-testid="invoice-totals">
        <Row label={t('billing.subtotal')} value={money(invoice.subtotal_cents)} />
        <Row
          label={invoice.tax ? `${invoice.tax.name} (${formatRate(invoice.tax.rate_bp)})` : t('billing.noTax')}
          value={money(invoice.tax_cents)}
        />
        <Divider />
        <Row label={t('billing.grandTotal')} value={money(invoice.grand_total_cents)} strong testId="grand-total" />
        {invoice.paid_cents > 0 && <Row label={t('billing.paid')} value={money(invoice.paid_cents)} />}
        {invoice.outstanding_cents > 0 && (
          <Row label={t('billing.outstanding')} value={money(invoice.outstanding_cents)} testId="outstanding" />
        )}
        {/* A deposit larger than this invoice (0036): the rest carries to the ticket's next invoice. */}
        {(invoice.deposit_credit_left_cents ?? 0) > 0 && (
          <Row
            label={t('billing.depositCreditLeft')}
            value={money(invoice.deposit_credit_left_cents ?? 0)}
            testId="deposit-credit-left"
          />
        )}
      </Stack>
    </Stack>
  );
}
