import { NativeSelect, NumberInput, Switch } from '@mantine/core';
import { MONEY_LIMIT, NUMBER_LIMIT, TEXT_FORMATS, type FieldQuestion, type TextFormat } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import classes from './organizer-builder.module.css';

type TextQuestion = Extract<FieldQuestion, { type: 'text' }>;
type RangedQuestion = Extract<FieldQuestion, { type: 'number' | 'money' }>;

const FORMAT_LABEL: Record<TextFormat, 'formatRouting' | 'formatAccount'> = {
  routing_number: 'formatRouting',
  account_number: 'formatAccount',
};

/** A text question's settings: what it holds (any text, a bank routing or account number), several lines. */
export function TextSettings({ q, onChange }: { q: TextQuestion; onChange: (next: TextQuestion) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('organizerBuilder.question.format')}
        value={q.format ?? ''}
        onChange={(e) => {
          const { format: _format, multiline: _multiline, ...rest } = q;
          const format = e.currentTarget.value as TextFormat | '';
          // A bank number is one line.
          onChange(format ? { ...rest, format } : { ...rest, ...(q.multiline ? { multiline: true } : {}) });
        }}
        data={[
          { value: '', label: t('organizerBuilder.question.formatText') },
          ...TEXT_FORMATS.map((f) => ({ value: f, label: t(`organizerBuilder.question.${FORMAT_LABEL[f]}`) })),
        ]}
        className={classes.narrow}
        data-testid="question-format"
      />
      {!q.format && (
        <Switch
          label={t('organizerBuilder.question.multiline')}
          checked={!!q.multiline}
          onChange={(e) => onChange({ ...q, multiline: e.currentTarget.checked })}
        />
      )}
    </>
  );
}

/**
 * A number's or an amount's rules: whole numbers only (a count), its smallest and largest (empty: none; an amount
 * is 0 or more unless its smallest says otherwise). The contract refuses a smallest above the largest.
 */
export function NumberSettings({ q, onChange }: { q: RangedQuestion; onChange: (next: RangedQuestion) => void }) {
  const { t } = useTranslation();
  const limit = q.type === 'money' ? MONEY_LIMIT : NUMBER_LIMIT;
  const integer = q.type === 'number' && !!q.integer;
  const bound = (key: 'min' | 'max') => (
    <NumberInput
      label={t(`organizerBuilder.question.${key}`)}
      description={t(
        q.type === 'money' ? 'organizerBuilder.question.moneyRangeHint' : 'organizerBuilder.question.rangeHint',
      )}
      value={q[key] ?? ''}
      min={-limit}
      max={limit}
      allowDecimal={!integer}
      decimalScale={q.type === 'money' ? 2 : undefined}
      onChange={(v) => {
        const { [key]: _old, ...rest } = q;
        onChange((typeof v === 'number' ? { ...q, [key]: v } : rest) as RangedQuestion);
      }}
      data-testid={`question-${key}`}
    />
  );
  return (
    <>
      {q.type === 'number' && (
        <Switch
          label={t('organizerBuilder.question.integer')}
          description={t('organizerBuilder.question.integerHint')}
          checked={integer}
          onChange={(e) => {
            const { integer: _integer, ...rest } = q;
            onChange(e.currentTarget.checked ? { ...q, integer: true } : rest);
          }}
          data-testid="question-integer"
        />
      )}
      <div className={classes.pair}>
        {bound('min')}
        {bound('max')}
      </div>
    </>
  );
}
