import { ActionIcon, Button, Group, Stack, Switch, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FieldQuestion } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { focusKey, useBuilder } from './builder-context.tsx';
import { move, slugOf, uniqueId } from './draft-model.ts';
import classes from './organizer-builder.module.css';

type Choice = Extract<FieldQuestion, { type: 'choice' }>;
type Option = Choice['options'][number];

/** A choice's options: English and Spanish labels, the value (made from the English while it is the one made). */
export function ChoiceOptions({ uid, q, onChange }: { uid: string; q: Choice; onChange: (q: Choice) => void }) {
  const { t } = useTranslation();
  const { focus } = useBuilder();
  const set = (options: Option[]) => onChange({ ...q, options });
  const setOption = (i: number, o: Option) => set(q.options.map((x, j) => (j === i ? o : x)));
  const others = (i: number) => new Set(q.options.filter((_, j) => j !== i).map((o) => o.value));
  const relabel = (i: number, en: string) => {
    const o = q.options[i]!;
    const auto = /^option_\d+$/.test(o.value) || o.value === uniqueId(slugOf(o.label.en, 'option'), others(i));
    const value = auto && en.trim() ? uniqueId(slugOf(en, 'option'), others(i)) : o.value;
    setOption(i, { value, label: { ...o.label, en } });
  };
  const add = () => {
    set([
      ...q.options,
      {
        value: uniqueId(`option_${q.options.length + 1}`, new Set(q.options.map((o) => o.value))),
        label: { en: '', es: '' },
      },
    ]);
    focus(focusKey(uid, `option-${q.options.length}`));
  };
  const remove = (i: number) => {
    set(q.options.filter((_, j) => j !== i));
    focus(focusKey(uid, q.options.length > 1 ? `option-${Math.max(0, i - 1)}` : 'option-add'));
  };
  const shift = (i: number, by: -1 | 1) => {
    set(move(q.options, i, by));
    const to = i + by;
    const edge = to === 0 || to === q.options.length - 1;
    focus(focusKey(uid, `option-${to}-${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}`));
  };

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{t('organizerBuilder.choice.legend')}</legend>
      <Stack gap="xs">
        {q.options.map((o, i) => {
          const n = i + 1;
          return (
            <div key={i} className={classes.optionRow} data-testid="choice-option">
              <TextInput
                label={t('organizerBuilder.choice.labelEn', { n })}
                value={o.label.en}
                maxLength={300}
                onChange={(e) => relabel(i, e.currentTarget.value)}
                data-focus={focusKey(uid, `option-${i}`)}
              />
              <TextInput
                label={t('organizerBuilder.choice.labelEs', { n })}
                value={o.label.es ?? ''}
                maxLength={300}
                onChange={(e) => setOption(i, { ...o, label: { ...o.label, es: e.currentTarget.value } })}
              />
              <TextInput
                label={t('organizerBuilder.choice.value', { n })}
                value={o.value}
                maxLength={40}
                classNames={{ input: classes.mono }}
                onChange={(e) => setOption(i, { ...o, value: e.currentTarget.value })}
              />
              <Group gap={2} wrap="nowrap" className={classes.rowRemove}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={i === 0}
                  aria-label={t('organizerBuilder.choice.up', { n })}
                  onClick={() => shift(i, -1)}
                  data-focus={focusKey(uid, `option-${i}-up`)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={i === q.options.length - 1}
                  aria-label={t('organizerBuilder.choice.down', { n })}
                  onClick={() => shift(i, 1)}
                  data-focus={focusKey(uid, `option-${i}-down`)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  aria-label={t('organizerBuilder.choice.remove', { n })}
                  onClick={() => remove(i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </div>
          );
        })}
        <Group justify="space-between" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={add}
            disabled={q.options.length >= 50}
            data-focus={focusKey(uid, 'option-add')}
          >
            {t('organizerBuilder.choice.add')}
          </Button>
          <Switch
            label={t('organizerBuilder.choice.multiple')}
            checked={!!q.multiple}
            onChange={(e) => onChange({ ...q, multiple: e.currentTarget.checked })}
          />
        </Group>
      </Stack>
    </fieldset>
  );
}
