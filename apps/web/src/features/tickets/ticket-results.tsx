import { IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PagedResults } from '../../ui/paged-results.tsx';
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
  return (
    <PagedResults
      list={list}
      loadMoreLabel={t('common.loadMore')}
      empty={{
        icon: <IconTicketOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />,
        text: emptyText ?? t('tickets.empty'),
        testId: 'tickets-empty',
      }}
    >
      {(tickets) => <TicketTable tickets={tickets} isStaff={isStaff} showAssignee={showAssignee} />}
    </PagedResults>
  );
}
