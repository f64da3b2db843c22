import { Button, Fieldset, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_MAX_ITEMS, localText, type FieldQuestion, type GroupQuestion } from '@taxportal/contract';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import type { SaveTiming, UpdateAnswer } from './organizer-autosave.ts';
import { CarriedMark } from './organizer-carried.tsx';
import { FieldView } from './organizer-fields.tsx';
import { HouseholdOffersList } from './organizer-household.tsx';
import { entriesOf, entryName } from './organizer-view-model.ts';

interface EntryFieldProps {
  group: string;
  entryId: string;
  index: number;
  field: FieldQuestion;
  value: unknown;
  error: string | undefined;
  update: UpdateAnswer;
  flush: () => void;
  language: string;
  ticketId: string;
}

/** One question of one entry, with a change callback of its own that stays the same while the entry lives. */
const EntryField = memo(function EntryField({ group, entryId, index, field, update, ...rest }: EntryFieldProps) {
  const onChange = useCallback(
    (value: unknown, timing?: SaveTiming) =>
      update(
        group,
        (previous) => entriesOf(previous).map((item) => (item.id === entryId ? { ...item, [field.id]: value } : item)),
        timing,
      ),
    [group, entryId, field.id, update],
  );
  return (
    <FieldView
      question={field}
      value={rest.value}
      error={rest.error}
      onChange={onChange}
      onBlur={rest.flush}
      language={rest.language}
      testId={`q-${group}.${index}.${field.id}`}
      path={`${group}.${entryId}.${field.id}`}
      ticketId={rest.ticketId}
    />
  );
});

interface GroupViewProps {
  question: GroupQuestion;
  value: unknown;
  /** The entries' questions shown (`group.entryId.question`), joined: a string, so the memo compares it by value. */
  shownKey: string;
  /** The server's messages for this group's entries (`group.<index>.question`), as JSON, for the same reason. */
  errorsKey: string;
  error: string | undefined;
  update: UpdateAnswer;
  flush: () => void;
  language: string;
  ticketId: string;
  /** The year its entries were carried from while they are still to confirm: the mark, in the legend. */
  carriedYear: number | null;
}

const newEntryId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * A repeating group (employers, dependents, 1099s): an entry per card, named by its label field, "Add another"
 * up to its maximum, remove after a confirmation. The new entry's first field takes the focus.
 */
export const GroupView = memo(function GroupView(props: GroupViewProps) {
  const { question: g, value, shownKey, errorsKey, error, update, flush, language, ticketId, carriedYear } = props;
  const { t } = useTranslation();
  const items = entriesOf(value);
  const shown = new Set(shownKey ? shownKey.split('|') : []);
  const errors = JSON.parse(errorsKey) as Record<string, string>;
  const max = g.max_items ?? DEFAULT_MAX_ITEMS;
  const [removing, setRemoving] = useState<string | null>(null);
  const added = useRef<string | null>(null);
  const root = useRef<HTMLFieldSetElement>(null);
  const itemField = g.item_label_field ? g.fields.find((f) => f.id === g.item_label_field) : undefined;
  // A group of household dependents adds "a dependent" (its entries are named by their first name).
  const itemWord = g.household_dependents
    ? t('organizer.household.item')
    : itemField
      ? localText(itemField.label, language)
      : localText(g.label, language);

  useEffect(() => {
    if (!added.current) return;
    const entry = root.current?.querySelector<HTMLElement>(`[data-entry="${added.current}"]`);
    added.current = null;
    entry?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [items.length]);

  const removingItem = items.find((i) => i.id === removing);
  const title = (item: (typeof items)[number], n: number) =>
    entryName(g.item_label_field, item) ?? t('organizer.group.entry', { n });

  return (
    <Fieldset
      ref={root}
      legend={
        carriedYear ? (
          <>
            {localText(g.label, language)} <CarriedMark year={carriedYear} />
          </>
        ) : (
          localText(g.label, language)
        )
      }
      variant="unstyled"
      data-testid={`q-${g.id}`}
      data-count={items.length}
    >
      <Stack gap="sm">
        {g.help && (
          <Text size="sm" c="dimmed">
            {localText(g.help, language)}
          </Text>
        )}
        <HouseholdOffersList group={g} items={items} update={update} full={items.length >= max} />
        {items.map((item, i) => (
          <Paper
            key={item.id}
            component="fieldset"
            withBorder
            p="sm"
            radius="md"
            m={0}
            style={{ minWidth: 0 }}
            data-entry={item.id}
            data-testid={`q-${g.id}-entry`}
          >
            <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
              <Text component="legend" fw={600} size="sm" style={{ float: 'left', minWidth: 0 }} truncate="end">
                {title(item, i + 1)}
              </Text>
              <Button
                variant="subtle"
                color="red.8"
                size="compact-sm"
                leftSection={<IconTrash size={14} aria-hidden />}
                aria-label={`${t('organizer.group.remove')}: ${title(item, i + 1)}`}
                onClick={() => setRemoving(item.id)}
              >
                {t('organizer.group.remove')}
              </Button>
            </Group>
            <Stack gap="sm" style={{ clear: 'both' }}>
              {g.fields.map((f) =>
                shown.has(`${g.id}.${item.id}.${f.id}`) ? (
                  <EntryField
                    key={f.id}
                    group={g.id}
                    entryId={item.id}
                    index={i}
                    field={f}
                    value={item[f.id]}
                    error={errors[`${g.id}.${i}.${f.id}`]}
                    update={update}
                    flush={flush}
                    language={language}
                    ticketId={ticketId}
                  />
                ) : null,
              )}
            </Stack>
          </Paper>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={items.length >= max}
            data-testid={`q-${g.id}-add`}
            onClick={() => {
              const id = newEntryId();
              added.current = id;
              update(g.id, (previous) => [...entriesOf(previous), { id }]);
            }}
          >
            {items.length
              ? t('organizer.group.addAnother', { item: itemWord })
              : t('organizer.group.add', { item: itemWord })}
          </Button>
          {items.length >= max && (
            <Text size="sm" c="dimmed">
              {t('organizer.group.max', { max })}
            </Text>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={removingItem !== undefined}
        label={t('organizer.group.removeTitle')}
        message={t('organizer.group.removeConfirm', {
          item: removingItem ? title(removingItem, items.indexOf(removingItem) + 1) : '',
        })}
        danger
        confirmLabel={t('organizer.group.remove')}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const id = removing;
          setRemoving(null);
          update(g.id, (previous) => entriesOf(previous).filter((item) => item.id !== id));
        }}
        testId="organizer-remove-dialog"
      />
    </Fieldset>
  );
});
