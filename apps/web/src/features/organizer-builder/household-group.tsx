import { Switch } from '@mantine/core';
import { HOUSEHOLD_DEPENDENT_QUESTIONS } from '@taxportal/contract';
import { useTranslation } from 'react-i18next';
import { newUid, type DraftGroup } from './draft-model.ts';

/**
 * A group marked as the household's dependents (the contract's household-group.ts): on, it gets the questions of the
 * fixed mapping it lacks (first name, last name, date of birth, relationship, SSN, months lived with you) and is named
 * by the first name; off, its questions stay as they are, this year's answers only.
 */
export function markHouseholdGroup(g: DraftGroup, on: boolean): DraftGroup {
  if (!on) {
    const { household_dependents: _off, ...rest } = g;
    return rest;
  }
  const have = new Set(g.fields.map((f) => f.id));
  const missing = HOUSEHOLD_DEPENDENT_QUESTIONS.filter((f) => !have.has(f.id)).map((f) => ({ ...f, uid: newUid() }));
  return {
    ...g,
    household_dependents: true,
    item_label_field: g.item_label_field ?? 'first_name',
    fields: [...g.fields, ...missing],
  };
}

/** "Dependents (kept for the household)": the builder's switch of a repeating group. */
export function HouseholdGroupSwitch({ q, onChange }: { q: DraftGroup; onChange: (next: DraftGroup) => void }) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('organizerBuilder.group.household')}
      description={t('organizerBuilder.group.householdHint')}
      checked={!!q.household_dependents}
      onChange={(e) => onChange(markHouseholdGroup(q, e.currentTarget.checked))}
      data-testid="group-household"
    />
  );
}
