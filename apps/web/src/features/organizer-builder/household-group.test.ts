import {
  HOUSEHOLD_DEPENDENT_FIELD_IDS,
  organizerDefinitionSchema,
  type OrganizerDefinition,
} from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { toDefinition, toDraft, type DraftGroup } from './draft-model.ts';
import { markHouseholdGroup } from './household-group.tsx';

const KIDS: OrganizerDefinition = {
  sections: [
    {
      id: 'family',
      title: { en: 'Family' },
      questions: [
        {
          id: 'kids',
          type: 'group',
          label: { en: 'Children' },
          fields: [
            { id: 'first_name', type: 'text', label: { en: 'Name' } },
            { id: 'student', type: 'yes_no', label: { en: 'Student?' } },
          ],
        },
      ],
    },
  ],
};

describe('“Dependents (kept for the household)” in the builder', () => {
  it('adds the questions of the mapping the group lacks, keeps its own, and the contract takes it', () => {
    const draft = toDraft(KIDS);
    const group = draft.sections[0]!.questions[0] as DraftGroup;
    const marked = markHouseholdGroup(group, true);
    expect(marked.household_dependents).toBe(true);
    expect(marked.item_label_field).toBe('first_name');
    expect(marked.fields.map((f) => f.id)).toEqual([
      'first_name',
      'student',
      ...HOUSEHOLD_DEPENDENT_FIELD_IDS.slice(1),
    ]);
    expect(marked.fields[0]!.label.en).toBe('Name');
    expect(new Set(marked.fields.map((f) => f.uid)).size).toBe(marked.fields.length);
    const definition = toDefinition({ sections: [{ ...draft.sections[0]!, questions: [marked] }] });
    expect(organizerDefinitionSchema.safeParse(definition).success).toBe(true);
  });

  it('turned off, keeps the questions, this year’s answers only', () => {
    const group = toDraft(KIDS).sections[0]!.questions[0] as DraftGroup;
    const off = markHouseholdGroup(markHouseholdGroup(group, true), false);
    expect('household_dependents' in off).toBe(false);
    expect(off.fields).toHaveLength(7);
  });
});
