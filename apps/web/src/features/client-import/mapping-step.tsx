import { Alert, Button, Group, Paper, ScrollArea, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import { IMPORT_TARGETS, type ClientImport, type ImportMapping } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { useCheckImport } from './client-import-api.ts';
import { assign, columnLetter, isComplete } from './mapping-model.ts';

/** The first rows as the file has them: a table on wide screens, one card per row on phones. */
function SampleRows({ header, rows }: { header: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const name = (i: number) => `${columnLetter(i)} · ${header[i] ?? ''}`;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('clientImport.samples')}</Text>
      {isPhone ? (
        rows.map((row, r) => (
          <Paper key={r} withBorder p="sm" data-testid="sample-row">
            {row.map((cell, i) => (
              <Text key={i} size="sm" style={{ wordBreak: 'break-word' }}>
                <Text span c="dimmed" size="xs">
                  {name(i)}:
                </Text>{' '}
                {cell}
              </Text>
            ))}
          </Paper>
        ))
      ) : (
        <ScrollArea type="auto">
          <Table withTableBorder striped fz="sm" data-testid="sample-rows">
            <Table.Thead>
              <Table.Tr>
                {header.map((_h, i) => (
                  <Table.Th key={i} style={{ whiteSpace: 'nowrap' }}>
                    {name(i)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                <Table.Tr key={r} data-testid="sample-row">
                  {header.map((_h, i) => (
                    <Table.Td key={i} style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
                      {row[i] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}

/** Step 2: a select per field, prefilled with the server's guess; the first rows under it. */
export function MappingStep({ imp, onChecked }: { imp: ClientImport; onChecked: () => void }) {
  const { t } = useTranslation();
  const [mapping, setMapping] = useState<ImportMapping>(imp.mapping ?? imp.suggested_mapping);
  const check = useCheckImport(imp.id);
  const options = [
    { value: '', label: t('clientImport.notInFile') },
    ...imp.header.map((h, i) => ({
      value: String(i),
      label: t('clientImport.column', { letter: columnLetter(i), name: h || '—' }),
    })),
  ];
  return (
    <Stack gap="lg">
      {imp.same_file_as && (
        <Alert color="yellow" variant="light" data-testid="same-file">
          {t('clientImport.sameFile')}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4">
          {t('clientImport.mapTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {t('clientImport.mapHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {IMPORT_TARGETS.map((target) => (
            <Select
              key={target}
              label={t(`clientImport.target.${target}`)}
              data={options}
              value={mapping[target] === null ? '' : String(mapping[target])}
              onChange={(v) => setMapping((m) => assign(m, target, v ? Number(v) : null))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid={`map-${target}`}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button
            leftSection={<IconListCheck size={18} aria-hidden />}
            disabled={!isComplete(mapping)}
            loading={check.isPending}
            onClick={() => check.mutate(mapping, { onSuccess: onChecked })}
            data-testid="check-import"
          >
            {check.isPending ? t('clientImport.checking') : t('clientImport.check')}
          </Button>
        </Group>
      </Paper>
      <SampleRows header={imp.header} rows={imp.sample_rows} />
    </Stack>
  );
}
