import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceTotals } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatLocale, formatMoney } from '../../ui/format.ts';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useInvoiceList } from './billing-api.ts';
import { InvoiceResults } from './invoice-results.tsx';

const isStatus = (v: string | null): v is InvoiceStatus => !!v && (INVOICE_STATUSES as readonly string[]).includes(v);
const isDate = (v: string | null) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder shadow="xs" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" mt={4}>
        {value}
      </Text>
    </Paper>
  );
}

function Totals({ totals }: { totals: InvoiceTotals }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const money = (c: number) => formatMoney(c, totals.currency);
  const months = totals.collected_by_month.map((m) => ({
    month: new Date(`${m.month.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString(formatLocale(), {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    }),
    amount: m.amount_cents / 100,
  }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="invoice-totals-cards">
        <Stat
          label={t('billing.totals.invoiced', { count: totals.count })}
          value={money(totals.invoiced_cents)}
          testId="total-invoiced"
        />
        <Stat label={t('billing.totals.paid')} value={money(totals.paid_cents)} testId="total-paid" />
        <Stat
          label={t('billing.totals.outstanding')}
          value={money(totals.outstanding_cents)}
          testId="total-outstanding"
        />
        <Stat label={t('billing.totals.overdue')} value={money(totals.overdue_cents)} testId="total-overdue" />
      </SimpleGrid>
      <Paper withBorder shadow="xs" p="md" data-testid="chart-collected">
        <Title order={2} size="h4" mb="md">
          {t('billing.totals.collectedByMonth')}
        </Title>
        <BarChart
          h={isPhone ? 220 : 280}
          data={months}
          dataKey="month"
          series={[{ name: 'amount', label: t('billing.totals.collected'), color: 'brand.6' }]}
          valueFormatter={(v) => formatMoney(Math.round(v * 100), totals.currency)}
          xAxisProps={{ tick: { fontSize: 11 }, interval: isPhone ? 2 : 0 }}
          yAxisProps={{ width: 80 }}
          withTooltip
          tooltipAnimationDuration={150}
        />
      </Paper>
    </Stack>
  );
}

/** Staff /billing (SPEC's agent_invoice_list): every invoice, filters by status, customer and dates, totals and a chart. */
export function StaffBilling() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const from = params.get('from');
  const to = params.get('to');
  const customerParam = params.get('customer') ?? '';
  const [customer] = useDebouncedValue(customerParam.trim(), 300);
  const update = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  const filters = {
    status: isStatus(status) ? status : null,
    customer: customer.length > 0 ? customer : undefined,
    from: isDate(from) ? from : null,
    to: isDate(to) ? to : null,
  };
  const list = useInvoiceList(filters);
  const totals = list.data?.pages[0]?.totals ?? null;
  const filtered = !!(status || from || to || customerParam);

  return (
    <Stack gap="md">
      <Paper withBorder shadow="xs" p="md">
        <Group gap="sm" wrap="wrap" align="flex-end" data-testid="invoice-filters">
          <Select
            label={t('billing.filters.status')}
            placeholder={t('billing.filters.allStatuses')}
            clearable
            data={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`billing.status.${s}`) }))}
            value={filters.status}
            onChange={(v) => update('status', v)}
            w={{ base: '100%', xs: 180 }}
            data-testid="status-filter"
          />
          <TextInput
            label={t('billing.filters.customer')}
            placeholder={t('billing.filters.customerPlaceholder')}
            value={customerParam}
            onChange={(e) => update('customer', e.currentTarget.value)}
            w={{ base: '100%', xs: 220 }}
            data-testid="customer-filter"
          />
          <TextInput
            type="date"
            label={t('billing.filters.from')}
            value={from ?? ''}
            onChange={(e) => update('from', e.currentTarget.value)}
            w={{ base: 'calc(50% - 6px)', xs: 170 }}
            data-testid="from-filter"
          />
          <TextInput
            type="date"
            label={t('billing.filters.to')}
            value={to ?? ''}
            onChange={(e) => update('to', e.currentTarget.value)}
            w={{ base: 'calc(50% - 6px)', xs: 170 }}
            data-testid="to-filter"
          />
          {filtered && (
            <Button variant="subtle" onClick={() => setParams({}, { replace: true })}>
              {t('billing.filters.clear')}
            </Button>
          )}
        </Group>
      </Paper>
      {totals && <Totals totals={totals} />}
      <InvoiceResults list={list} isStaff empty={t(filtered ? 'billing.emptyFiltered' : 'billing.emptyStaff')} />
    </Stack>
  );
}
