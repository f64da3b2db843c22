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
  if (question.type === 'text' && question.multiline) return <Textarea autosize minRows={2} maxRows={6} {...common} />;
  return <TextInput type={question.type === 'date' ? 'date' : 'text'} {...common} />;
}

/** A number or an amount: typed as a plain number, an amount shown with its $ and thousands. */
function NumberField({ question, value, error, onChange, onBlur, language, testId, carriedYear }: FieldProps) {
  const money = question.type === 'money';
  return (
    <NumberInput
      label={localText(question.label, language)}
      description={useDescription(question, language, carriedYear)}
      value={typeof value === 'number' ? value : ''}
      min={money ? 0 : undefined}
      allowNegative={!money}
      prefix={money ? '$' : undefined}
      thousandSeparator={money ? ',' : undefined}
      decimalScale={money ? 2 : undefined}
      inputMode="decimal"
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
