import { describe, expect, it } from 'vitest';
import { householdDependentBodySchema } from '../households/dependents.ts';
import { ORGANIZER_FIELD_MESSAGES as M } from './field-messages.ts';
import {
  dependentEntry,
  entryDependentValues,
  HOUSEHOLD_DEPENDENT_QUESTIONS,
  householdGroupOf,
} from './household-group.ts';
import { organizerDefinitionSchema, type GroupQuestion, type OrganizerDefinition } from './organizer-definition.ts';
import { SAMPLE_ORGANIZER } from './sample-organizer.ts';

const group = (over: Partial<GroupQuestion> = {}): GroupQuestion => ({
  id: 'kids',
  type: 'group',
  label: { en: 'Dependents' },
  household_dependents: true,
  fields: [...HOUSEHOLD_DEPENDENT_QUESTIONS],
  ...over,
});
const definition = (...questions: GroupQuestion[]): OrganizerDefinition => ({
  sections: [{ id: 'family', title: { en: 'Family' }, questions }],
});
const messages = (d: OrganizerDefinition) => {
  const parsed = organizerDefinitionSchema.safeParse(d);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('a group of household dependents', () => {
  it('is the sample organizer’s dependents group, and the schema takes it', () => {
    expect(householdGroupOf(SAMPLE_ORGANIZER)?.id).toBe('dependents');
    expect(messages(SAMPLE_ORGANIZER)).toEqual([]);
    expect(householdGroupOf(definition(group({ household_dependents: false })))).toBeNull();
  });

  it('needs a one-line first_name, and each id of the mapping asked its own way', () => {
    const noFirst = group({ fields: HOUSEHOLD_DEPENDENT_QUESTIONS.filter((f) => f.id !== 'first_name') });
    expect(messages(definition(noFirst))).toEqual([['sections.0.questions.0.fields', M.householdFirstName]]);
    const fields = HOUSEHOLD_DEPENDENT_QUESTIONS.map((f) =>
      f.id === 'date_of_birth'
        ? { id: f.id, type: 'text' as const, label: f.label }
        : f.id === 'last_name'
          ? { ...f, type: 'text' as const, multiline: true }
          : f,
    );
    expect(messages(definition(group({ fields })))).toEqual([
      ['sections.0.questions.0.fields.1.type', M.householdFieldKind],
      ['sections.0.questions.0.fields.2.type', M.householdFieldKind],
    ]);
    // Other questions of the group stay this year's answers: any id, any kind.
    const extra = group({
      fields: [...HOUSEHOLD_DEPENDENT_QUESTIONS, { id: 'student', type: 'yes_no', label: { en: 'Student?' } }],
    });
    expect(messages(definition(extra))).toEqual([]);
  });

  it('is one per organizer', () => {
    expect(messages(definition(group(), group({ id: 'more_kids' })))).toEqual([
      ['sections.0.questions.1.household_dependents', M.householdGroupOnce],
    ]);
  });

  it('turns a dependent into an entry of the fields the group asks (the SSN as its mask), and back', () => {
    const g = group({ fields: HOUSEHOLD_DEPENDENT_QUESTIONS.filter((f) => f.id !== 'relationship') });
    const ana = {
      id: 'dep-1',
      first_name: 'Ana',
      last_name: 'Lopez',
      date_of_birth: '2016-03-01',
      relationship: 'Daughter',
      months_lived_with_you: 12,
      ssn: '***-**-1234',
    };
    const entry = dependentEntry(g, ana);
    expect(entry).toEqual({
      id: 'dep-1',
      first_name: 'Ana',
      last_name: 'Lopez',
      date_of_birth: '2016-03-01',
      ssn: '***-**-1234',
      months_lived_with_you: 12,
    });
    expect(entryDependentValues(g, { ...entry, last_name: null, extra: 'kept out' })).toEqual({
      first_name: 'Ana',
      last_name: null,
      date_of_birth: '2016-03-01',
      ssn: '***-**-1234',
      months_lived_with_you: 12,
    });
  });
});

describe('a household dependent as a person writes it', () => {
  it('takes the text rule, whole months, a date not to come and an SSN that can exist', () => {
    const ok = householdDependentBodySchema.safeParse({ first_name: '  Ana  ', ssn: '123 45 6789' });
    expect(ok.success && ok.data).toEqual({ first_name: 'Ana', ssn: '123-45-6789' });
    const bad = householdDependentBodySchema.safeParse({
      first_name: '\u202eanA',
      months_lived_with_you: 2.5,
      date_of_birth: '2999-01-01',
      ssn: '000-00-0000',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'date_of_birth',
      'first_name',
      'months_lived_with_you',
      'ssn',
    ]);
    expect(householdDependentBodySchema.safeParse({ first_name: '' }).success).toBe(false);
  });
});
