import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListedRequest } from './organizer-view-model.ts';

const STATUS_COLOR = { open: 'orange.2', fulfilled: 'teal.9', cancelled: 'gray.2' } as const;

/**
 * "Documents we will ask for": what the answers on screen ask for, appearing and going as they change, each with
 * the status of the ticket's request once saved; one asked for by an answer carried from `fromYear` and not confirmed
 * yet is only proposed. Announced politely: a change is read out after what was said.
 */
export const OrganizerDocuments = memo(function OrganizerDocuments({
  items,
  fromYear,
}: {
  items: ListedRequest[];
  fromYear: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="organizer-documents">
      <Title order={2} size="h4" mb={4}>
        {t('organizer.documents.title')}
      </Title>
      <div aria-live="polite" aria-relevant="additions removals">
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="organizer-documents-empty">
            {t('organizer.documents.empty')}
          </Text>
        ) : (
          <List spacing={6} size="sm" listStyleType="none" mt="xs" ml={0} pl={0}>
            {items.map((r) => (
              <List.Item
                key={r.key}
                data-testid="organizer-document"
                data-key={r.key}
                data-status={r.proposed ? 'proposed' : (r.status ?? 'unsaved')}
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconFileDescription size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  {r.proposed ? (
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {r.label}
                      </Text>
                      <Text size="xs" c="dimmed" data-testid="organizer-document-proposed">
                        {t('organizer.documents.proposed', { year: fromYear })}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {r.label}
                    </Text>
                  )}
                  {!r.proposed && (
                    <Badge
                      size="sm"
                      variant="filled"
                      autoContrast
                      color={r.status ? STATUS_COLOR[r.status] : 'gray.1'}
                      style={{ flexShrink: 0 }}
                    >
                      {t(`organizer.documents.status.${r.status ?? 'unsaved'}`)}
                    </Badge>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </div>
      <Text size="xs" c="dimmed" mt="xs">
        {t('organizer.documents.hint')}
      </Text>
    </Paper>
  );
});
