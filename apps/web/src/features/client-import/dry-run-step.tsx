import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileImport } from '@tabler/icons-react';
import { ROW_OUTCOMES, type ClientImport, type ImportRow, type RowOutcome } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useCommitImport, useImportRows } from './client-import-api.ts';

/** Every reason a row is left out, one a line, invalid ones first (an invalid row that repeats another says so). */
function Reasons({ row, c }: { row: ImportRow; c?: string }) {
  const { t } = useTranslation();
  const reasons = row.reasons.length ? row.reasons : row.reason ? [row.reason] : [];
  return (
    <Stack gap={2} data-testid="row-reason">
      {reasons.map((r) => (
        <Text key={r} size="sm" c={c}>
          {t(`clientImport.reason.${r}`, { line: row.duplicate_line ?? '' })}
        </Text>
      ))}
    </Stack>
  );
}

/** A page of rows of one outcome, 25 more at a time: cards on phones, a table on wide screens. */
function RowList({ id, outcome }: { id: string; outcome: RowOutcome }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const rows = useImportRows(id, outcome);
  const items = rows.data?.pages.flatMap((p) => p.items) ?? [];
  if (rows.isPending) return null;
  if (!items.length) return <Text c="dimmed">{t('clientImport.noRows')}</Text>;
  return (
    <Stack gap="xs" data-testid={`rows-${outcome}`}>
      {isPhone ? (
        items.map((r) => (
          <Paper key={r.line} withBorder p="sm" data-testid="import-row">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} style={{ wordBreak: 'break-word' }}>
                {r.full_name || '—'}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('clientImport.line', { line: r.line })}
              </Text>
            </Group>
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {[r.email, r.phone].filter(Boolean).join(' · ')}
            </Text>
            <Reasons row={r} c={outcome === 'invalid' ? 'red.8' : 'orange.9'} />
          </Paper>
        ))
      ) : (
        <Table withTableBorder fz="sm">
          <Table.Tbody>
            {items.map((r) => (
              <Table.Tr key={r.line} data-testid="import-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('clientImport.line', { line: r.line })}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.full_name || '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email ?? '—'}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.phone ?? ''}</Table.Td>
                <Table.Td>
                  <Reasons row={r} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {rows.hasNextPage && (
        <Button variant="subtle" onClick={() => void rows.fetchNextPage()} loading={rows.isFetchingNextPage}>
          {t('clientImport.more')}
        </Button>
      )}
    </Stack>
  );
}

/** Step 3: what the import would do (three counts and the rows of each), then Import. */
export function DryRunStep({ imp, onRemap }: { imp: ClientImport; onRemap: () => void }) {
  const { t } = useTranslation();
  const commit = useCommitImport(imp.id);
  const [tab, setTab] = useState<RowOutcome>('create');
  const counts = imp.counts ?? { to_create: 0, duplicates: 0, invalid: 0 };
  const countOf: Record<RowOutcome, number> = {
    create: counts.to_create,
    duplicate: counts.duplicates,
    invalid: counts.invalid,
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4">
          {t('clientImport.summaryTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('clientImport.summaryHint')}
        </Text>
        <SimpleGrid cols={{ base: 3 }} spacing="sm">
          {ROW_OUTCOMES.map((o) => (
            <Paper key={o} withBorder p="sm" data-testid={`count-${o}`}>
              <Text size="xl" fw={700}>
                {countOf[o]}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`clientImport.count.${o}`)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Group justify="space-between" mt="lg" gap="sm">
          <Button variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onRemap}>
            {t('clientImport.changeColumns')}
          </Button>
          <Button
            leftSection={<IconFileImport size={18} aria-hidden />}
            disabled={counts.to_create === 0}
            loading={commit.isPending}
            onClick={() => commit.mutate()}
            data-testid="commit-import"
          >
            {commit.isPending ? t('clientImport.importing') : t('clientImport.import', { count: counts.to_create })}
          </Button>
        </Group>
      </Paper>
      {counts.to_create === 0 && imp.same_file_as && (
        <Alert color="yellow" variant="light">
          {t('clientImport.sameFile')}
        </Alert>
      )}
      <Tabs value={tab} onChange={(v) => v && setTab(v as RowOutcome)} keepMounted={false}>
        <Tabs.List>
          {ROW_OUTCOMES.map((o) => (
            <Tabs.Tab key={o} value={o} data-testid={`tab-${o}`}>
              {t(`clientImport.tab.${o}`)} ({countOf[o]})
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ROW_OUTCOMES.map((o) => (
          <Tabs.Panel key={o} value={o} pt="md">
            <RowList id={imp.id} outcome={o} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
