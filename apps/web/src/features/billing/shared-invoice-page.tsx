import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { endpoints } from '@taxportal/contract';
import { endpointUrl } from '../../lib/api/index.ts';

import { PageLoader } from '../../ui/page-loader.tsx';
import { useSharedInvoice } from './billing-api.ts';
import { PdfButton } from './invoice-actions.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { formatDay } from './billing-format.ts';
import { Fact } from '../../ui/fact.tsx';

/** /billing/shared/:token — the one invoice a share link opens, signed out, with its PDF. */
export function SharedInvoicePage() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  const query = useSharedInvoice(token);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Paper withBorder shadow="xs" p="xl" maw={560} mx="auto" mt="xl" data-testid="shared-unavailable">
        <Stack align="center" gap="sm" ta="center">
          <IconLinkOff size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Title order={1} size="h3">
            {t('billing.shared.unavailableTitle')}
          </Title>
          <Text c="dimmed">{t('billing.shared.unavailableText')}</Text>
        </Stack>
      </Paper>
    );
  }
  const inv = query.data;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%" data-testid="shared-invoice" data-invoice={inv.name}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            {inv.name}
          </Title>
          <InvoiceStatusBadge status={inv.status} size="lg" />
        </Group>
        <PdfButton path={endpointUrl(endpoints.getSharedInvoicePdf, { token })} fileName={`${inv.name}.pdf`} />
      </Group>
      {inv.status === 'Cancelled' && (
        <Alert color="gray" variant="light">
          {t('billing.shared.cancelled')}
        </Alert>
      )}
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="lg">
          <Fact label={t('billing.col.customer')}>{inv.customer_name}</Fact>
          <Fact label={t('billing.col.postingDate')}>{formatDay(inv.posting_date)}</Fact>
          <Fact label={t('billing.col.dueDate')}>{formatDay(inv.due_date)}</Fact>
          <Fact label={t('billing.col.ticket')}>{inv.ticket_name}</Fact>
        </SimpleGrid>
        <InvoiceLines invoice={inv} />
      </Paper>
      <Text size="xs" c="dimmed" ta="center">
        {t('billing.shared.note')}
      </Text>
    </Stack>
  );
}
