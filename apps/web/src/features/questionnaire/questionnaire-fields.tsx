import { Button, Group, NumberInput, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { taxIdProblem, type QuestionnaireSection } from '@taxportal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SecretInput } from '../../ui/secret-input.tsx';
import { getIn, type Path, type SectionForm } from './questionnaire-autosave.ts';
import { useRevealField } from './questionnaire-api.ts';

/** What every field needs: the section's form, where its answer lives, its label. */
interface FieldProps {
  form: SectionForm<QuestionnaireSection>;
  path: Path;
  label: string;
}
const pathKey = (path: Path) => path.join('.');
const testId = (path: Path) => `q-${pathKey(path)}`;

/**
 * A text answer. `autoComplete` lets the browser fill the taxpayer's own details (a spouse's or a dependent's say
 * "off", so it does not offer the taxpayer's name there); `inputMode` brings a phone's number pad (issue 29).
 */
export function TextField({
  form,
  path,
  label,
  multiline,
  type,
  autoComplete,
  inputMode,
}: FieldProps & {
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
}) {
  const value = (getIn(form.answers, path) as string | null | undefined) ?? '';
  const common = {
    label,
    value,
    autoComplete,
    inputMode,
    error: form.errors[pathKey(path)],
    onBlur: form.flush,
    'data-testid': testId(path),
    onChange: (e: { currentTarget: { value: string } }) =>
      form.set(path, e.currentTarget.value === '' ? null : e.currentTarget.value, type === 'date' ? 'now' : 'typing'),
  };
  return multiline ? <Textarea autosize minRows={2} maxRows={6} {...common} /> : <TextInput type={type} {...common} />;
}

export function NumberField({ form, path, label, money, max }: FieldProps & { money?: boolean; max?: number }) {
  const value = getIn(form.answers, path) as number | null | undefined;
  return (
    <NumberInput
      label={label}
      value={value ?? ''}
      min={0}
      max={max}
      prefix={money ? '$' : undefined}
      thousandSeparator={money ? ',' : undefined}
      decimalScale={money ? 2 : 0}
      allowNegative={false}
      error={form.errors[pathKey(path)]}
      onBlur={form.flush}
      data-testid={testId(path)}
      onChange={(v) => form.set(path, typeof v === 'number' ? v : null, 'typing')}
    />
  );
}

/** A yes/no question; unanswered until one is picked. */
export function YesNo({ form, path, label, children }: FieldProps & { children?: ReactNode }) {
  const { t } = useTranslation();
  const value = getIn(form.answers, path) as boolean | null | undefined;
  return (
    <Stack gap="xs">
      <Radio.Group
        label={label}
        value={value === true ? 'yes' : value === false ? 'no' : ''}
        onChange={(v) => form.set(path, v === 'yes')}
        error={form.errors[pathKey(path)]}
        data-testid={testId(path)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="yes" label={t('questionnaire.yes')} />
          <Radio value="no" label={t('questionnaire.no')} />
        </Group>
      </Radio.Group>
      {value === true && children}
    </Stack>
  );
}

const ACCOUNT = /^\d{4,17}$/;

/**
 * An SSN, ITIN or account number (ui/secret-input.tsx): masked from the server, changed or cleared here; staff may
 * reveal the stored one (audited on the server).
 */
export function SecretField({
  form,
  path,
  label,
  ticketId,
  revealPath,
  canReveal,
  account,
}: FieldProps & { ticketId: string; revealPath: string; canReveal: boolean; account?: boolean }) {
  const { t } = useTranslation();
  const reveal = useRevealField(ticketId);
  return (
    <SecretInput
      label={label}
      stored={(getIn(form.answers, path) as string | null | undefined) ?? ''}
      error={form.errors[pathKey(path)]}
      testId={testId(path)}
      clearTestId="secret-clear-dialog"
      check={(typed) => {
        if (account) return ACCOUNT.test(typed) ? null : t('questionnaire.secret.accountDigits');
        // The contract's rule (the server's): nine digits that can be an SSN or an ITIN.
        const problem = taxIdProblem(typed);
        return problem
          ? t(problem === 'nine_digits' ? 'questionnaire.secret.nineDigits' : 'questionnaire.secret.notIssued')
          : null;
      }}
      texts={{
        show: t('questionnaire.secret.reveal'),
        hide: t('questionnaire.secret.hide'),
        change: t('questionnaire.secret.change'),
        clear: t('questionnaire.secret.clear'),
        revealed: t('questionnaire.secret.revealed'),
        clearTitle: t('questionnaire.secret.clearTitle', { field: label }),
        clearConfirm: t('questionnaire.secret.clearConfirm', { field: label }),
      }}
      reveal={canReveal ? () => reveal.mutateAsync(revealPath).then((r) => r.value) : null}
      onSave={(value) => form.set(path, value)}
    />
  );
}

/** A repeatable list (W-2 jobs, dependents, foreign accounts): one card per item, add and remove. */
export function ItemList<T extends { id: string }>({
  form,
  path,
  itemTitle,
  addLabel,
  blank,
  render,
}: {
  form: SectionForm<QuestionnaireSection>;
  path: Path;
  itemTitle: (n: number) => string;
  addLabel: string;
  blank: () => Omit<T, 'id'>;
  render: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = (getIn(form.answers, path) as T[] | undefined) ?? [];
  return (
    <Stack gap="sm" data-testid={testId(path)}>
      {items.map((item, i) => (
        <Paper key={item.id} withBorder p="sm" radius="md" data-testid={`${testId(path)}-item`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600} size="sm">
              {itemTitle(i + 1)}
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              leftSection={<IconTrash size={14} />}
              onClick={() =>
                form.set(
                  path,
                  items.filter((x) => x.id !== item.id),
                )
              }
            >
              {t('questionnaire.remove')}
            </Button>
          </Group>
          {render(i)}
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          size="sm"
          onClick={() => form.set(path, [...items, { id: crypto.randomUUID(), ...blank() }])}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
