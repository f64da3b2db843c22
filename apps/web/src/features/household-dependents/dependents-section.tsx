import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsers } from '@tabler/icons-react';
import type { HouseholdDependent } from '@taxportal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { showSuccessToast } from '../../ui/toast.tsx';
import { DependentDialog } from './dependent-dialog.tsx';
import { useHouseholdDependents, useRemoveDependent } from './dependents-api.ts';
import { addHouseholdDependentsTexts } from './i18n.ts';

addHouseholdDependentsTexts();

const nameOf = (d: HouseholdDependent) => [d.first_name, d.last_name].filter(Boolean).join(' ');

/**
 * Household → Dependents (issue 32 item 5): the household's one list, which both spouses see and change, and which
 * each year's organizer offers. Add, edit (the SSN or ITIN masked, shown in full only on request) and remove (the
 * returns that claimed a dependent keep their answers).
 */
export function DependentsSection() {
  const { t } = useTranslation();
  const list = useHouseholdDependents();
  const remove = useRemoveDependent();
  const [editing, setEditing] = useState<HouseholdDependent | 'new' | null>(null);
  const [removing, setRemoving] = useState<HouseholdDependent | null>(null);
  if (!list.data) return <PageLoader />;
  const { items, max } = list.data;
  const full = items.length >= max;

  return (
    <SectionCard
      title={t('householdDependents.title')}
      icon={IconUsers}
      description={t('householdDependents.hint')}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          variant="light"
          disabled={full}
          onClick={() => setEditing('new')}
          data-testid="dependent-add"
        >
          {t('householdDependents.add')}
        </Button>
      }
      data-testid="household-dependents"
    >
      <Stack gap="sm">
        {items.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="household-dependents-empty">
            {t('householdDependents.empty')}
          </Text>
        )}
        {items.map((d) => {
          const facts = [
            d.date_of_birth ? t('householdDependents.born', { date: d.date_of_birth }) : null,
            d.relationship,
            d.months_lived_with_you !== null
              ? t('householdDependents.months', { count: d.months_lived_with_you })
              : null,
            d.ssn ?? t('householdDependents.noSsn'),
          ].filter((x): x is string => !!x);
          return (
            <Paper key={d.id} withBorder p="sm" radius="md" data-testid="household-dependent" data-id={d.id}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {nameOf(d)}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {facts.join(' · ')}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    aria-label={`${t('householdDependents.edit')}: ${nameOf(d)}`}
                    onClick={() => setEditing(d)}
                  >
                    {t('householdDependents.edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red.8"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`${t('householdDependents.remove')}: ${nameOf(d)}`}
                    onClick={() => setRemoving(d)}
                  >
                    {t('householdDependents.remove')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          );
        })}
        {full && (
          <Text size="sm" c="dimmed">
            {t('householdDependents.max', { max })}
          </Text>
        )}
      </Stack>
      {editing && <DependentDialog dependent={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        label={t('householdDependents.removeTitle')}
        message={t('householdDependents.removeConfirm', { name: removing ? nameOf(removing) : '' })}
        danger
        busy={remove.isPending}
        confirmLabel={t('householdDependents.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const gone = removing!;
          remove.mutate(gone.id, {
            onSuccess: () => {
              setRemoving(null);
              showSuccessToast(t('householdDependents.removed'));
            },
          });
        }}
        testId="dependent-remove-dialog"
      />
    </SectionCard>
  );
}
