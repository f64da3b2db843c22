import { NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { AnswerRequestRule } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { useBuilder } from './builder-context.tsx';
import classes from './organizer-builder.module.css';

/**
 * The document an answer asks for: a "yes" to a yes/no question, or each entry of a repeating group (its name beside
 * the label). The type is the catalogue's document type, by name.
 */
export function RequestRule({
  rule,
  perEntry,
  onChange,
}: {
  rule: AnswerRequestRule | null | undefined;
  perEntry: boolean;
  onChange: (rule: AnswerRequestRule | null) => void;
}) {
  const { t } = useTranslation();
  const { documentTypes } = useBuilder();
  const types = documentTypes.map((d) => d.name);
  // A type the catalogue no longer has stays chosen (and listed) until another is chosen.
  if (rule?.document_type && !types.includes(rule.document_type)) types.unshift(rule.document_type);
  return (
    <fieldset className={classes.fieldset} data-testid="request-rule">
      <legend className={classes.legend}>{t('organizerBuilder.request.legend')}</legend>
      <Stack gap="xs">
        <Switch
          label={perEntry ? t('organizerBuilder.request.perEntry') : t('organizerBuilder.request.onYes')}
          checked={!!rule}
          onChange={(e) =>
            onChange(e.currentTarget.checked ? { label: { en: '', es: '' }, document_type: types[0] ?? null } : null)
          }
          data-testid="request-toggle"
        />
        {rule && (
          <>
            <div className={classes.pair}>
              <TextInput
                label={t('organizerBuilder.request.labelEn')}
                withAsterisk
                value={rule.label.en}
                maxLength={300}
                onChange={(e) => onChange({ ...rule, label: { ...rule.label, en: e.currentTarget.value } })}
                data-testid="request-label-en"
              />
              <TextInput
                label={t('organizerBuilder.request.labelEs')}
                value={rule.label.es ?? ''}
                maxLength={300}
                onChange={(e) => onChange({ ...rule, label: { ...rule.label, es: e.currentTarget.value } })}
                data-testid="request-label-es"
              />
            </div>
            <NativeSelect
              label={t('organizerBuilder.request.type')}
              value={rule.document_type ?? ''}
              onChange={(e) => onChange({ ...rule, document_type: e.currentTarget.value || null })}
              data={[{ value: '', label: t('organizerBuilder.request.noType') }, ...types]}
              className={classes.narrow}
              data-testid="request-type"
            />
            {perEntry && (
              <Text size="xs" c="dimmed">
                {t('organizerBuilder.request.entryNote')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </fieldset>
  );
}
