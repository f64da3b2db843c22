import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceSummary } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '../../ui/format.ts';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { PayButton } from './invoice-actions.tsx';
import { InvoiceKindBadge } from './invoice-kind-badge.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import classes from './invoice-table.module.css';
import { formatDay } from './billing-format.ts';

export const invoicePath = (id: string) => `/billing/${encodeURIComponent(id)}`;

/** SPEC's list: name, posting date, grand total, status; staff also see the customer. A card per invoice on phones. */
export function InvoiceTable({ invoices, isStaff }: { invoices: InvoiceSummary[]; isStaff: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useIsPhone();

  if (isPhone) {
    return (
      <Stack gap="sm" data-testid="invoice-cards">
        {invoices.map((inv) => (
          <div key={inv.id} className={classes.card} data-testid="invoice-row" data-name={inv.name}>
            <Link to={invoicePath(inv.id)} className={classes.cardLink}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Group gap={6} wrap="wrap">
                  <Text fw={700}>{inv.name}</Text>
                  <InvoiceKindBadge kind={inv.kind} />
                </Group>
                <InvoiceStatusBadge status={inv.status} size="sm" />
              </Group>
              <Text size="sm" mt={6}>
                {isStaff ? inv.customer_name : inv.ticket_name}
              </Text>
              <Group justify="space-between" mt={6} gap="xs">
                <Text size="xs" c="dimmed">
                  {formatDay(inv.posting_date)}
                </Text>
                <Text fw={700}>{formatMoney(inv.grand_total_cents, inv.currency)}</Text>
              </Group>
            </Link>
            {!isStaff && <PayButton invoice={inv} fullWidth />}
          </div>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder shadow="xs" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={720} mb={0}>
        <Table verticalSpacing="sm" horizontalSpacing="md" data-testid="invoice-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.col.name')}</Table.Th>
              {isStaff && <Table.Th>{t('billing.col.customer')}</Table.Th>}
              <Table.Th>{t('billing.col.ticket')}</Table.Th>
              <Table.Th>{t('billing.col.postingDate')}</Table.Th>
              <Table.Th>{t('billing.col.dueDate')}</Table.Th>
              <Table.Th ta="right">{t('billing.col.grandTotal')}</Table.Th>
              <Table.Th>{t('billing.col.status')}</Table.Th>
              {!isStaff && (
                // A header with text a screen reader reads (an empty one is axe's empty-table-header).
                <Table.Th>
                  <VisuallyHidden>{t('billing.col.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((inv) => (
              <Table.Tr
                key={inv.id}
                className={classes.row}
                onClick={() => navigate(invoicePath(inv.id))}
                data-testid="invoice-row"
                data-name={inv.name}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={invoicePath(inv.id)}
                    size="sm"
                    fw={600}
                    onClick={(e) => e.stopPropagation()}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {inv.name}
                  </Anchor>{' '}
                  <InvoiceKindBadge kind={inv.kind} />
                </Table.Td>
                {isStaff && <Table.Td>{inv.customer_name}</Table.Td>}
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{inv.ticket_name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(inv.posting_date)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(inv.due_date)}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(inv.grand_total_cents, inv.currency)}
                </Table.Td>
                <Table.Td>
                  <InvoiceStatusBadge status={inv.status} />
                </Table.Td>
                {!isStaff && (
                  // The pay dialog is a portal: React still bubbles its clicks here, so they stop before the row.
                  <Table.Td ta="right" onClick={(e) => e.stopPropagation()}>
                    <PayButton invoice={inv} size="xs" />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
