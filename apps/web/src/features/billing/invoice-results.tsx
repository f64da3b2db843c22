import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { InvoiceList } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { InvoiceTable } from './invoice-table.tsx';

/** A list of invoices with keyset "load more", or its empty state. */
export function InvoiceResults({
  list,
  isStaff,
  empty,
}: {
  list: UseInfiniteQueryResult<InfiniteData<InvoiceList>>;
  isStaff: boolean;
  empty: string;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light">
        {list.error.message}
      </Alert>
    );
  }
  const invoices = list.data.pages.flatMap((p) => p.items);
  if (invoices.length === 0) {
    return (
      <Paper withBorder p="xl" data-testid="invoices-empty">
        <Center>
          <Stack align="center" gap="xs">
            <IconReceiptOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="dimmed">{empty}</Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <InvoiceTable invoices={invoices} isStaff={isStaff} />
      {list.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            data-testid="load-more"
          >
            {t('billing.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
