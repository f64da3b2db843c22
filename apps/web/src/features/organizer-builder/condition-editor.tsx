import { ActionIcon, Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Comparison, Condition, ConditionOp } from '@taxportal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { focusKey, useBuilder } from './builder-context.tsx';
import {
  conditionOf,
  earlierTargets,
  fittingValue,
  newComparison,
  opsFor,
  rowsOf,
  valueKind,
  type ConditionTarget,
} from './condition-model.ts';
import { conditionWords, labelIn, opKey, targetName } from './condition-words.ts';
import classes from './organizer-builder.module.css';

/**
 * "Show only if": rows of [an earlier question] [an operator that fits its type] [a value], joined by "all of" or
 * "any of". A condition nested deeper (the data allows it) is shown in words, with a way to start it again.
 */
export function ConditionEditor({
  uid,
  condition,
  onChange,
}: {
  uid: string;
  condition: Condition | null | undefined;
  onChange: (c: Condition | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const { draft, focus } = useBuilder();
  const targets = useMemo(() => earlierTargets(draft, uid), [draft, uid]);
  const shape = rowsOf(condition);

  if (!shape)
    return (
      <fieldset className={classes.fieldset} data-testid="condition-editor">
        <legend className={classes.legend}>{t('organizerBuilder.condition.legend')}</legend>
        <Text size="sm">{conditionWords(condition!, targets, t, i18n.language)}</Text>
        <Text size="xs" c="dimmed">
          {t('organizerBuilder.condition.nested')}
        </Text>
        <Button size="xs" variant="default" mt="xs" onClick={() => onChange(null)}>
          {t('organizerBuilder.condition.clear')}
        </Button>
      </fieldset>
    );

  const { mode, rows } = shape;
  const write = (next: Comparison[], nextMode = mode) => onChange(conditionOf(nextMode, next));
  const add = () => {
    const last = targets.at(-1);
    if (!last) return;
    write([...rows, newComparison(last)]);
    focus(focusKey(uid, `cond-${rows.length}`));
  };
  const remove = (i: number) => {
    write(rows.filter((_, j) => j !== i));
    focus(focusKey(uid, rows.length > 1 ? `cond-${Math.max(0, i - 1)}` : 'cond-add'));
  };

  return (
    <fieldset className={classes.fieldset} data-testid="condition-editor">
      <legend className={classes.legend}>{t('organizerBuilder.condition.legend')}</legend>
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {targets.length ? t('organizerBuilder.condition.always') : t('organizerBuilder.condition.first')}
          </Text>
        )}
        {rows.length > 1 && (
          <NativeSelect
            label={t('organizerBuilder.condition.mode')}
            value={mode}
            onChange={(e) => write(rows, e.currentTarget.value === 'any' ? 'any' : 'all')}
            data={[
              { value: 'all', label: t('organizerBuilder.condition.all') },
              { value: 'any', label: t('organizerBuilder.condition.any') },
            ]}
            data-testid="condition-mode"
            className={classes.narrow}
          />
        )}
        {rows.map((row, i) => (
          <ComparisonRow
            key={i}
            index={i}
            uid={uid}
            row={row}
            targets={targets}
            onChange={(c) => write(rows.map((r, j) => (j === i ? c : r)))}
            onRemove={() => remove(i)}
          />
        ))}
        {targets.length > 0 && (
          <Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={add}
              data-focus={focusKey(uid, 'cond-add')}
              data-testid="condition-add"
            >
              {rows.length ? t('organizerBuilder.condition.addAnother') : t('organizerBuilder.condition.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </fieldset>
  );
}

function ComparisonRow({
  index,
  uid,
  row,
  targets,
  onChange,
  onRemove,
}: {
  index: number;
  uid: string;
  row: Comparison;
  targets: ConditionTarget[];
  onChange: (c: Comparison) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const target = targets.find((x) => x.ref === row.question);
  const q = target?.question;
  const ops = q ? opsFor(q.type, q.type === 'choice' && !!q.multiple) : [row.op];
  const questionOptions = targets.map((x) => ({ value: x.ref, label: targetName(x, i18n.language) }));
  // A name that is not (or no longer) before this question stays visible, with the warning the checks give.
  if (!target)
    questionOptions.unshift({
      value: row.question,
      label: t('organizerBuilder.condition.notBefore', { id: row.question }),
    });
  const setTarget = (ref: string) => {
    const next = targets.find((x) => x.ref === ref);
    if (next) onChange(newComparison(next));
  };
  const setOp = (op: ConditionOp) => {
    if (!q) return onChange({ question: row.question, op });
    const value = fittingValue(q, op, row.value);
    onChange(value === undefined ? { question: row.question, op } : { question: row.question, op, value });
  };
  const kind = q ? valueKind(q, row.op) : 'none';
  const n = index + 1;

  return (
    <div className={classes.conditionRow} data-testid="condition-row">
      <NativeSelect
        label={t('organizerBuilder.condition.question', { n })}
        value={row.question}
        onChange={(e) => setTarget(e.currentTarget.value)}
        data={questionOptions}
        data-focus={focusKey(uid, `cond-${index}`)}
        data-testid="condition-question"
      />
      <NativeSelect
        label={t('organizerBuilder.condition.op', { n })}
        value={row.op}
        onChange={(e) => setOp(e.currentTarget.value as ConditionOp)}
        data={ops.map((op) => ({ value: op, label: t(opKey(q, op)) }))}
        data-testid="condition-op"
      />
      {kind === 'boolean' && (
        <NativeSelect
          label={t('organizerBuilder.condition.value', { n })}
          value={row.value === true ? 'true' : 'false'}
          onChange={(e) => onChange({ ...row, value: e.currentTarget.value === 'true' })}
          data={[
            { value: 'true', label: t('organizerBuilder.yes') },
            { value: 'false', label: t('organizerBuilder.no') },
          ]}
          data-testid="condition-value"
        />
      )}
      {kind === 'option' && q?.type === 'choice' && (
        <NativeSelect
          label={t('organizerBuilder.condition.value', { n })}
          value={String(row.value ?? '')}
          onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
          data={q.options.map((o) => ({ value: o.value, label: labelIn(o.label, i18n.language, o.value) }))}
          data-testid="condition-value"
        />
      )}
      {kind === 'number' && (
        <NumberInput
          label={t('organizerBuilder.condition.value', { n })}
          value={typeof row.value === 'number' ? row.value : 0}
          onChange={(v) => onChange({ ...row, value: typeof v === 'number' ? v : Number(v) || 0 })}
          data-testid="condition-value"
        />
      )}
      {kind === 'text' && (
        <TextInput
          label={t('organizerBuilder.condition.value', { n })}
          value={String(row.value ?? '')}
          maxLength={200}
          onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
          data-testid="condition-value"
        />
      )}
      <ActionIcon
        variant="subtle"
        color="red.9"
        size="lg"
        className={classes.rowRemove}
        aria-label={t('organizerBuilder.condition.remove', { n })}
        onClick={onRemove}
        data-testid="condition-remove"
      >
        <IconTrash size={18} />
      </ActionIcon>
    </div>
  );
}
