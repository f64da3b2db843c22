import { ActionIcon, Button, Card, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useText } from '../site-api.ts';
import { testIdOf, type FieldProps, type Schema } from './schema-form-shared.ts';
import { checkOf, def, emptyOf, isLocalized, rowTitleOf, unwrapped } from './schema-reading.ts';

/*
 * A list in the schema form (an array of the contract's schema): its rows in order, each with its own inputs and
 * buttons to move it up, down or out, and a button to add one, within the list's bounds. A row of objects is a card
 * titled by its own first short text (a plan's name), else by what one row is called and its position ("Plan 2");
 * a row of single values (texts, numbers) is its input with the buttons beside it.
 */

/** What one row of a list is called ("Plan"), and its add button ("Add a plan"); the list's label otherwise. */
function useRowNames() {
  const { t, i18n } = useTranslation();
  return (name: string, label: string) => {
    const row = `siteEditor.row.${name}`;
    const add = `siteEditor.addRow.${name}`;
    return {
      row: i18n.exists(row) ? t(row as 'siteEditor.row.plans') : label,
      add: i18n.exists(add) ? t(add as 'siteEditor.addRow.plans') : t('siteEditor.addItem', { label }),
    };
  };
}

/**
 * The rows of a list. `Field` draws a row's inputs: the form's own (schema-form.tsx), handed in rather than
 * imported, as that module draws this one.
 */
export function ArrayField({
  Field,
  schema,
  value,
  onChange,
  name,
  path,
  label,
}: FieldProps & { Field: ComponentType<FieldProps> }) {
  const { t } = useTranslation();
  const text = useText();
  const names = useRowNames()(name, label ?? name);
  const d = def(schema);
  const element = d.element as Schema;
  const items = Array.isArray(value) ? value : [];
  const max = checkOf(d, 'max_length')?.maximum;
  const min = checkOf(d, 'min_length')?.minimum ?? 0;
  const set = (next: unknown[]) => onChange(next);
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it);
    set(next);
  };
  const scalar = !['object'].includes(def(unwrapped(element)).type) || isLocalized(def(unwrapped(element)));
  return (
    <Fieldset legend={label} data-testid={testIdOf(path)} p="sm">
      <Stack gap="sm">
        {items.map((item, i) => {
          const itemLabel =
            (scalar ? '' : rowTitleOf(element, item, text)) || t('siteEditor.item', { label: names.row, n: i + 1 });
          const controls = (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`${t('siteEditor.moveUp')}: ${itemLabel}`}
                disabled={i === 0}
                onClick={() => move(i, -1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`${t('siteEditor.moveDown')}: ${itemLabel}`}
                disabled={i === items.length - 1}
                onClick={() => move(i, 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('siteEditor.removeItem')}: ${itemLabel}`}
                disabled={items.length <= min}
                onClick={() => set(items.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
          const field = (
            <Field
              schema={element}
              value={item}
              onChange={(v) => set(items.map((x, j) => (j === i ? v : x)))}
              name={name}
              path={`${path}.${i}`}
              label={itemLabel}
              bare={!scalar}
            />
          );
          return scalar ? (
            <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
              <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
              {controls}
            </Group>
          ) : (
            <Card key={i} withBorder padding="sm">
              <Group justify="space-between" mb={4} wrap="nowrap">
                <Text size="sm" fw={600} truncate style={{ minWidth: 0 }} data-testid={`${testIdOf(path)}.${i}-title`}>
                  {itemLabel}
                </Text>
                {controls}
              </Group>
              {field}
            </Card>
          );
        })}
        {(max === undefined || items.length < max) && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => set([...items, emptyOf(element)])}
              data-testid={`${testIdOf(path)}-add`}
            >
              {names.add}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}
