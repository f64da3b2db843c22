import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { localText, type OrganizerDefinition } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import type { UnsavedChanges } from './organizer-autosave.ts';

/**
 * Said when a save was refused because the answers were saved elsewhere first (another tab, staff): the page now
 * shows the latest answers; this names what the person had changed here, to apply again or let go. Nothing of
 * theirs goes unseen.
 */
export function UnsavedChangesAlert({
  unsaved,
  definition,
  language,
  onApply,
  onDrop,
}: {
  unsaved: UnsavedChanges;
  definition: OrganizerDefinition;
  language: string;
  onApply: () => void;
  onDrop: () => void;
}) {
  const { t } = useTranslation();
  const labels = new Map(
    definition.sections.flatMap((s) => s.questions.map((q) => [q.id, localText(q.label, language)] as const)),
  );
  const named = unsaved.questions.map((q) => labels.get(q) ?? q);
  const mine = named.length > 0 || unsaved.confirmed.length > 0;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('organizer.conflict.title')}
      role="alert"
      data-testid="organizer-conflict"
    >
      <Text size="sm">{t('organizer.conflict.text')}</Text>
      {named.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            {t('organizer.conflict.mine', { count: named.length })}
          </Text>
          <List size="sm" data-testid="organizer-conflict-questions">
            {named.map((label, i) => (
              <List.Item key={unsaved.questions[i]}>{label}</List.Item>
            ))}
          </List>
        </>
      )}
      {unsaved.confirmed.length > 0 && (
        <Text size="sm" mt="xs">
          {t('organizer.conflict.confirmed', { count: unsaved.confirmed.length })}
        </Text>
      )}
      <Group gap="sm" mt="sm">
        {mine && (
          <Button size="sm" onClick={onApply} data-testid="organizer-conflict-apply">
            {t('organizer.conflict.apply')}
          </Button>
        )}
        <Button size="sm" variant="default" onClick={onDrop} data-testid="organizer-conflict-keep">
          {t(mine ? 'organizer.conflict.keepLatest' : 'organizer.conflict.ok')}
        </Button>
      </Group>
    </Alert>
  );
}
