import { localText, taxIdProblem } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { SecretInput } from '../../ui/secret-input.tsx';
import { useRevealOrganizerField } from './organizer-api.ts';
import { useDescription } from './organizer-description.tsx';
import type { FieldProps } from './organizer-fields.tsx';

const ACCOUNT = /^\d{4,17}$/;

/**
 * An SSN or ITIN, or a bank account number (a text of that format), as the questionnaire's (ui/secret-input.tsx):
 * masked from the server, "Show" in clear (audited), changed or cleared here; checked by the contract's rule (the
 * server's) before anything is sent.
 */
export function SecretField(props: FieldProps) {
  const { question, value, error, onChange, language, testId, path, ticketId, carriedYear } = props;
  const { t } = useTranslation();
  const label = localText(question.label, language);
  const description = useDescription(question, language, carriedYear);
  const reveal = useRevealOrganizerField(ticketId);
  const account = question.type === 'text' && question.format === 'account_number';
  const check = (typed: string) => {
    if (account) return ACCOUNT.test(typed) ? null : t('organizer.secret.accountDigits');
    const problem = taxIdProblem(typed);
    return problem ? t(problem === 'nine_digits' ? 'organizer.secret.nineDigits' : 'organizer.secret.notIssued') : null;
  };
  return (
    <SecretInput
      label={label}
      description={description}
      stored={typeof value === 'string' ? value : ''}
      error={error}
      testId={testId}
      clearTestId="organizer-secret-clear-dialog"
      check={check}
      texts={{
        show: t('organizer.secret.show'),
        hide: t('organizer.secret.hide'),
        change: t('organizer.secret.change'),
        clear: t('organizer.secret.clear'),
        revealed: t('organizer.secret.revealed'),
        clearTitle: t('organizer.secret.clearTitle', { field: label }),
        clearConfirm: t('organizer.secret.clearConfirm', { field: label }),
      }}
      reveal={() => reveal.mutateAsync(path).then((r) => r.value)}
      onSave={onChange}
    />
  );
}
