import { Alert, Button, Center, Paper, Stack, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLoader } from './page-loader.tsx';

/**
 * A keyset-paged list (`{ items, next_cursor }` pages): loading, error, an empty state, or the items with
 * "load more". The feature renders the items and owns the texts.
 */
export function PagedResults<T>({
  list,
  empty,
  loadMoreLabel,
  children,
}: {
  list: UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;
  empty: { icon: ReactNode; text: string; testId: string };
  loadMoreLabel: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isPending) return <PageLoader />;
  if (list.isError) {
    return (
      <Alert color="red" variant="light">
        {list.error.message}
      </Alert>
    );
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <Paper withBorder p="xl" data-testid={empty.testId}>
        <Center>
          <Stack align="center" gap="xs">
            {empty.icon}
            <Text c="dimmed">{empty.text}</Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {children(items)}
      {list.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            data-testid="load-more"
          >
            {loadMoreLabel}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
