import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../ui/page-loader.tsx';
import { TicketTable } from './ticket-table.tsx';
import { useTicketList, type TicketFilters } from './tickets-api.ts';

export interface TicketResultsProps {
  filters: TicketFilters;
  isStaff: boolean;
  showAssignee?: boolean;
  emptyText?: string;
}

/** A filtered list with keyset "load more". */
export function TicketResults({ filters, isStaff, showAssignee, emptyText }: TicketResultsProps) {
  const { t } = useTranslation();
  const list = useTicketList(filters);

  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light">
        {list.error.message}
      </Alert>
    );
  }
  const tickets = list.data.pages.flatMap((p) => p.items);
  if (tickets.length === 0) {
    return (
      <Paper withBorder p="xl" data-testid="tickets-empty">
        <Center>
          <Stack align="center" gap="xs">
            <IconTicketOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text c="dimmed">{emptyText ?? t('tickets.empty')}</Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      <TicketTable tickets={tickets} isStaff={isStaff} showAssignee={showAssignee} />
      {list.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            data-testid="load-more"
          >
            {t('tickets.loadMore')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
