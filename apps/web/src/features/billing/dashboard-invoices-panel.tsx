import { useQuery } from '@tanstack/react-query';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../ui/format.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { dashboardInvoicesQuery } from './billing-api.ts';
import { formatDay } from './billing-format.ts';
import { PayButton } from './invoice-actions.tsx';
import { CountBadge, InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { invoicePath } from './invoice-table.tsx';

/** The customer's dashboard card: invoices awaiting payment (Overdue first), each with Pay. Staff: nothing. */
/** What the dashboard waits for before it shows this card. */
export const panelQuery = (isStaff: boolean) => dashboardInvoicesQuery(!isStaff);

export function DashboardInvoicesPanel({ isStaff }: { isStaff: boolean }) {
  const { t } = useTranslation();
  const { data: items = [] } = useQuery(dashboardInvoicesQuery(!isStaff));
  if (isStaff) return null;
  if (items.length === 0) return null;

  return (
    <SectionCard
      title={t('billing.dashboard.title')}
      icon={IconReceipt}
      badge={<CountBadge count={items.length} />}
      actions={
        <Anchor component={Link} to="/billing" size="sm">
          {t('billing.dashboard.all')}
        </Anchor>
      }
      data-testid="dashboard-invoices"
    >
      <Stack gap="sm">
        {items.map((inv) => (
          <Group
            key={inv.id}
            justify="space-between"
            gap="sm"
            wrap="wrap"
            data-testid="dashboard-invoice"
            data-name={inv.name}
          >
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Anchor component={Link} to={invoicePath(inv.id)} fw={600} size="sm">
                  {inv.name}
                </Anchor>
                <InvoiceStatusBadge status={inv.status} size="sm" />
              </Group>
              <Text size="xs" c="dimmed">
                {t('billing.panel.due', { date: formatDay(inv.due_date) })} · {inv.ticket_name}
              </Text>
            </div>
            <Group gap="sm" wrap="nowrap">
              <Text fw={700}>{formatMoney(inv.outstanding_cents, inv.currency)}</Text>
              <PayButton invoice={inv} size="xs" />
            </Group>
          </Group>
        ))}
      </Stack>
    </SectionCard>
  );
}
