import { IconReceiptOff } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { InvoiceList } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { PagedResults } from '../../ui/paged-results.tsx';
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
  return (
    <PagedResults
      list={list}
      loadMoreLabel={t('billing.loadMore')}
      empty={{
        icon: <IconReceiptOff size={32} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />,
        text: empty,
        testId: 'invoices-empty',
      }}
    >
      {(invoices) => <InvoiceTable invoices={invoices} isStaff={isStaff} />}
    </PagedResults>
  );
}
