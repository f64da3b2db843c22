import { localText } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { SecretInput } from '../../ui/secret-input.tsx';
import { useRevealOrganizerField } from './organizer-api.ts';
import { useDescription } from './organizer-description.tsx';
import type { FieldProps } from './organizer-fields.tsx';

const TAX_ID = /^\d{3}-?\d{2}-?\d{4}$/;

/**
 * An SSN or ITIN, as the questionnaire's (ui/secret-input.tsx): masked from the server, "Show" in clear (audited),
 * changed or cleared here; nine digits are checked before anything is sent.
 */
export function SecretField(props: FieldProps) {
  const { question, value, error, onChange, language, testId, path, ticketId, carriedYear } = props;
  const { t } = useTranslation();
  const label = localText(question.label, language);
  const description = useDescription(question, language, carriedYear);
  const reveal = useRevealOrganizerField(ticketId);
  return (
    <SecretInput
      label={label}
      description={description}
      stored={typeof value === 'string' ? value : ''}
      error={error}
      testId={testId}
      clearTestId="organizer-secret-clear-dialog"
      pattern={TAX_ID}
      texts={{
        show: t('organizer.secret.show'),
        hide: t('organizer.secret.hide'),
        change: t('organizer.secret.change'),
        clear: t('organizer.secret.clear'),
        revealed: t('organizer.secret.revealed'),
        clearTitle: t('organizer.secret.clearTitle', { field: label }),
        clearConfirm: t('organizer.secret.clearConfirm', { field: label }),
        invalid: t('organizer.secret.nineDigits'),
      }}
      reveal={() => reveal.mutateAsync(path).then((r) => r.value)}
      onSave={onChange}
    />
  );
}
