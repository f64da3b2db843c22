import { Checkbox, Group, NumberInput, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { localText, type FieldQuestion } from '@taxportal/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveTiming } from './organizer-autosave.ts';
import { useDescription } from './organizer-description.tsx';
import { FileField } from './organizer-file.tsx';
import { SecretField } from './organizer-secret.tsx';

/** What every field of the organizer gets: stable props, so a field draws again only when its own answer changes. */
export interface FieldProps {
  question: FieldQuestion;
  value: unknown;
  error: string | undefined;
  onChange: (value: unknown, timing?: SaveTiming) => void;
  onBlur: () => void;
  language: string;
  testId: string;
  /** Where the server finds this answer: `question` or `group.entryId.question` (the SSN's reveal). */
  path: string;
  /** The ticket's id: the reveal, its vault documents. */
  ticketId: string;
  /** The year its answer was carried from while it is still to confirm ("From 2025: still right?"). */
  carriedYear?: number | null;
}

function YesNoField({ question, value, error, onChange, language, testId, carriedYear }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={localText(question.label, language)}
      description={useDescription(question, language, carriedYear)}
      value={value === true ? 'yes' : value === false ? 'no' : ''}
      onChange={(v) => onChange(v === 'yes')}
      error={error}
      data-testid={testId}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label={t('organizer.yes')} data-testid={`${testId}-yes`} />
        <Radio value="no" label={t('organizer.no')} data-testid={`${testId}-no`} />
      </Group>
    </Radio.Group>
  );
}

function ChoiceField({ question, value, error, onChange, language, testId, carriedYear }: FieldProps) {
  const description = useDescription(question, language, carriedYear);
  if (question.type !== 'choice') return null;
  const options = question.options.map((o) => ({ value: o.value, label: localText(o.label, language) }));
  if (question.multiple) {
    const picked = Array.isArray(value) ? (value as string[]) : [];
    return (
      <Checkbox.Group
        label={localText(question.label, language)}
        description={description}
        value={picked}
        onChange={(v) => onChange(v.length ? v : null)}
        error={error}
        data-testid={testId}
      >
        <Stack gap={6} mt={6}>
          {options.map((o) => (
            <Checkbox key={o.value} value={o.value} label={o.label} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      label={localText(question.label, language)}
      description={description}
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v)}
      error={error}
      data-testid={testId}
    >
      <Stack gap={6} mt={6}>
        {options.map((o) => (
          <Radio key={o.value} value={o.value} label={o.label} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function TextField({ question, value, error, onChange, onBlur, language, testId, carriedYear }: FieldProps) {
  const routing = question.type === 'text' && question.format === 'routing_number';
  const common = {
    label: localText(question.label, language),
    description: useDescription(question, language, carriedYear),
    value: typeof value === 'string' ? value : '',
    error,
    onBlur,
    'data-testid': testId,
    onChange: (e: { currentTarget: { value: string } }) =>
      onChange(
        e.currentTarget.value === '' ? null : e.currentTarget.value,
        question.type === 'date' ? 'now' : 'typing',
      ),
  };
  if (question.type === 'text' && question.multiline && !question.format)
    return <Textarea autosize minRows={2} maxRows={6} {...common} />;
  return (
    <TextInput
      type={question.type === 'date' ? 'date' : 'text'}
      inputMode={routing ? 'numeric' : undefined}
      autoComplete={routing ? 'off' : undefined}
      maxLength={routing ? 9 : undefined}
      {...common}
    />
  );
}

/**
 * A number or an amount: typed as a plain number, an amount shown with its $ and thousands. The question's own rules
 * (the contract's, which the server checks) hold as it is typed: a count takes no decimals, no minus where its
 * smallest is 0 or more, and a value past its range comes back to it when the field is left.
 */
function NumberField({ question, value, error, onChange, onBlur, language, testId, carriedYear }: FieldProps) {
  const money = question.type === 'money';
  const integer = question.type === 'number' && !!question.integer;
  const ranged = question.type === 'number' || question.type === 'money' ? question : null;
  const min = ranged?.min ?? (money ? 0 : undefined);
  const max = ranged?.max;
  return (
    <NumberInput
      label={localText(question.label, language)}
      description={useDescription(question, language, carriedYear)}
      value={typeof value === 'number' ? value : ''}
      min={min}
      max={max}
      clampBehavior="blur"
      allowNegative={min === undefined || min < 0}
      allowDecimal={!integer}
      prefix={money ? '$' : undefined}
      thousandSeparator={money ? ',' : undefined}
      decimalScale={money ? 2 : undefined}
      inputMode={integer && (min ?? -1) >= 0 ? 'numeric' : 'decimal'}
      error={error}
      onBlur={onBlur}
      data-testid={testId}
      onChange={(v) => onChange(typeof v === 'number' ? v : null, 'typing')}
    />
  );
}

/** One question that is not a group, drawn by its type. */
export const FieldView = memo(function FieldView(props: FieldProps) {
  switch (props.question.type) {
    case 'yes_no':
      return <YesNoField {...props} />;
    case 'choice':
      return <ChoiceField {...props} />;
    case 'text':
      // A bank account number is sealed like an SSN: masked, shown on request, changed or cleared.
      return props.question.format === 'account_number' ? <SecretField {...props} /> : <TextField {...props} />;
    case 'date':
      return <TextField {...props} />;
    case 'number':
    case 'money':
      return <NumberField {...props} />;
    case 'tax_id':
      return <SecretField {...props} />;
    case 'file':
      return <FileField {...props} />;
  }
});
