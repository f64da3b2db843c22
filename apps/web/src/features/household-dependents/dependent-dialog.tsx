import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { taxIdProblem, type HouseholdDependent, type HouseholdDependentBody } from '@taxportal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api/index.ts';
import { SecretInput } from '../../ui/secret-input.tsx';
import { useSingleFlight } from '../../ui/use-single-flight.ts';
import { showErrorToast, showSuccessToast } from '../../ui/toast.tsx';
import { useRevealDependent, useSaveDependent } from './dependents-api.ts';

/** The form's fields, as the body names them (the server's field messages land beside their field). */
type Field = keyof HouseholdDependentBody;

/**
 * Adds a dependent to the household or changes one (`dependent`): the whole dependent is sent. The SSN or ITIN is
 * the shared secret field (ui/secret-input.tsx): masked, "Show" (audited), changed or cleared; left as it is, it
 * keeps what is stored. The server's refusals (its rules, in the reader's language) are shown under their fields.
 */
export function DependentDialog({ dependent, onClose }: { dependent: HouseholdDependent | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveDependent();
  const reveal = useRevealDependent();
  const [firstName, setFirstName] = useState(dependent?.first_name ?? '');
  const [lastName, setLastName] = useState(dependent?.last_name ?? '');
  const [born, setBorn] = useState(dependent?.date_of_birth ?? '');
  const [relationship, setRelationship] = useState(dependent?.relationship ?? '');
  const [months, setMonths] = useState<number | ''>(dependent?.months_lived_with_you ?? '');
  const [ssn, setSsn] = useState(dependent?.ssn ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const body = (): HouseholdDependentBody => ({
    first_name: firstName,
    last_name: lastName || null,
    date_of_birth: born || null,
    relationship: relationship || null,
    months_lived_with_you: months === '' ? null : months,
    // The mask keeps the stored number; '' where there was one removes it; nothing typed for a new one: none.
    ...(ssn ? { ssn } : dependent?.ssn ? { ssn: null } : {}),
  });

  // Single-flight: a double tap on Save sends one request (it made two identical dependents).
  const submit = useSingleFlight(async () => {
    try {
      await save.mutateAsync({ id: dependent?.id ?? null, body: body() });
      showSuccessToast(t('householdDependents.saved'));
      onClose();
    } catch (err) {
      const named = isApiError(err) ? err.errors : [];
      setErrors(Object.fromEntries(named.map((f) => [f.field, f.message])));
      if (!named.length) showErrorToast(errorMessage(err));
    }
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  const name = dependent ? [dependent.first_name, dependent.last_name].filter(Boolean).join(' ') : '';
  const ssnLabel = t('householdDependents.form.ssn');
  return (
    <Modal
      opened
      onClose={onClose}
      title={dependent ? t('householdDependents.form.editTitle', { name }) : t('householdDependents.form.addTitle')}
      centered
      radius="md"
      data-testid="dependent-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('householdDependents.form.firstName')}
            value={firstName}
            onChange={(e) => setFirstName(e.currentTarget.value)}
            required
            maxLength={120}
            autoComplete="off"
            error={errors.first_name}
            data-autofocus
            data-testid="dependent-first-name"
          />
          <TextInput
            label={t('householdDependents.form.lastName')}
            value={lastName}
            onChange={(e) => setLastName(e.currentTarget.value)}
            maxLength={120}
            autoComplete="off"
            error={errors.last_name}
            data-testid="dependent-last-name"
          />
          <TextInput
            type="date"
            label={t('householdDependents.form.dateOfBirth')}
            value={born}
            onChange={(e) => setBorn(e.currentTarget.value)}
            error={errors.date_of_birth}
            data-testid="dependent-born"
          />
          <TextInput
            label={t('householdDependents.form.relationship')}
            description={t('householdDependents.form.relationshipHint')}
            value={relationship}
            onChange={(e) => setRelationship(e.currentTarget.value)}
            maxLength={60}
            error={errors.relationship}
            data-testid="dependent-relationship"
          />
          <NumberInput
            label={t('householdDependents.form.months')}
            description={t('householdDependents.form.monthsHint')}
            value={months}
            onChange={(v) => setMonths(typeof v === 'number' ? v : '')}
            min={0}
            max={12}
            allowDecimal={false}
            allowNegative={false}
            error={errors.months_lived_with_you}
            data-testid="dependent-months"
          />
          {/* Enter in the number takes the number (the field's own commit), not the form: it saves with the Save button. */}
          <div onKeyDownCapture={(e) => e.key === 'Enter' && e.preventDefault()}>
            <SecretInput
              label={ssnLabel}
              stored={ssn}
              error={errors.ssn}
              testId="dependent-ssn"
              clearTestId="dependent-ssn-clear-dialog"
              check={(typed) => {
                const problem = taxIdProblem(typed);
                if (!problem) return null;
                return t(
                  problem === 'nine_digits'
                    ? 'householdDependents.secret.nineDigits'
                    : 'householdDependents.secret.notIssued',
                );
              }}
              texts={{
                show: t('householdDependents.secret.show'),
                hide: t('householdDependents.secret.hide'),
                change: t('householdDependents.secret.change'),
                clear: t('householdDependents.secret.clear'),
                revealed: t('householdDependents.secret.revealed'),
                clearTitle: t('householdDependents.secret.clearTitle'),
                clearConfirm: t('householdDependents.secret.clearConfirm'),
              }}
              reveal={
                dependent?.ssn && ssn === dependent.ssn
                  ? () => reveal.mutateAsync(dependent.id).then((r) => r.value)
                  : null
              }
              onSave={(v) => setSsn(v ?? '')}
            />
          </div>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('householdDependents.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="dependent-save">
              {t('householdDependents.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
