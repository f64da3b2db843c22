import type {
  FieldQuestion,
  GroupQuestion,
  OrganizerDefinition,
  OrganizerSection,
  QuestionType,
} from './organizer-definition.ts';
import type { GroupItem } from './organizer-rules.ts';
import { ORGANIZER_FIELD_MESSAGES as M } from './field-messages.ts';

/**
 * A repeating group marked `household_dependents` (issue 32 item 5): its entries are the household's dependents,
 * kept once per household and offered to each year's organizer. The mapping is fixed: a question of the group whose
 * id is one of these holds that field of the dependent (the questionnaire's own ids, so SPEC's four sections can
 * use it as they are); any other question of the group stays this year's answer only. zod-free (the web's
 * organizer page reads it).
 */
export const HOUSEHOLD_DEPENDENT_FIELDS = {
  first_name: 'text',
  last_name: 'text',
  date_of_birth: 'date',
  relationship: 'text',
  ssn: 'tax_id',
  months_lived_with_you: 'number',
} as const satisfies Record<string, QuestionType>;
export type HouseholdDependentField = keyof typeof HOUSEHOLD_DEPENDENT_FIELDS;
export const HOUSEHOLD_DEPENDENT_FIELD_IDS = Object.keys(HOUSEHOLD_DEPENDENT_FIELDS) as HouseholdDependentField[];

const isMapped = (id: string): id is HouseholdDependentField => Object.hasOwn(HOUSEHOLD_DEPENDENT_FIELDS, id);

/**
 * The questions the builder adds to a group it marks as the household's dependents (and the sample organizer asks):
 * every field of the mapping, in the questionnaire's words.
 */
export const HOUSEHOLD_DEPENDENT_QUESTIONS: readonly FieldQuestion[] = [
  { id: 'first_name', type: 'text', label: { en: 'First name', es: 'Nombre' } },
  { id: 'last_name', type: 'text', label: { en: 'Last name', es: 'Apellido' } },
  { id: 'date_of_birth', type: 'date', label: { en: 'Date of birth', es: 'Fecha de nacimiento' } },
  { id: 'relationship', type: 'text', label: { en: 'Relationship', es: 'Parentesco' } },
  { id: 'ssn', type: 'tax_id', label: { en: 'SSN or ITIN', es: 'SSN o ITIN' } },
  {
    id: 'months_lived_with_you',
    type: 'number',
    integer: true,
    min: 0,
    max: 12,
    required: false,
    label: { en: 'Months lived with you', es: 'Meses que vivió con usted' },
  },
];

type Issue = { path: (string | number)[]; message: string };

/** Why a group marked as the household's dependents cannot stand (its fields against the mapping). */
export function householdGroupIssues(
  g: GroupQuestion,
  path: (string | number)[],
  earlier: GroupQuestion | null,
): Issue[] {
  if (!g.household_dependents) return [];
  const issues: Issue[] = [];
  if (earlier) issues.push({ path: [...path, 'household_dependents'], message: M.householdGroupOnce });
  g.fields.forEach((f, j) => {
    if (!isMapped(f.id)) return;
    // A name is one line of plain text (no bank number format): the household keeps it as such.
    const plain = f.type !== 'text' || (!f.multiline && !f.format);
    if (f.type !== HOUSEHOLD_DEPENDENT_FIELDS[f.id] || !plain)
      issues.push({ path: [...path, 'fields', j, 'type'], message: M.householdFieldKind });
  });
  if (!g.fields.some((f) => f.id === 'first_name' && f.type === 'text'))
    issues.push({ path: [...path, 'fields'], message: M.householdFirstName });
  return issues;
}

/** The definition's group of household dependents (at most one), or null. */
export function householdGroupOf(definition: OrganizerDefinition | { sections: readonly OrganizerSection[] }) {
  for (const section of definition.sections)
    for (const q of section.questions) if (q.type === 'group' && q.household_dependents) return q;
  return null;
}

/** A household dependent as the mapping reads it (the API's shape; `ssn` masked or null). */
export type HouseholdDependentValues = { [K in HouseholdDependentField]?: string | number | null };

/** The fields of the mapping this group asks. */
export const mappedFields = (g: GroupQuestion): HouseholdDependentField[] => g.fields.map((f) => f.id).filter(isMapped);

/**
 * A household dependent as a new entry of this group ("Claim Ana on this return?": add): its id is the dependent's,
 * so saving the entry keeps the household's copy; each field the group asks, the SSN as its mask (the server copies
 * the household's sealed number into the return).
 */
export function dependentEntry(g: GroupQuestion, dependent: { id: string } & HouseholdDependentValues): GroupItem {
  const entry: GroupItem = { id: dependent.id };
  for (const field of mappedFields(g)) {
    const v = dependent[field];
    if (v !== null && v !== undefined) entry[field] = v;
  }
  return entry;
}

/** An entry's values of the fields the group asks (null where unanswered): what it tells the household. */
export function entryDependentValues(g: GroupQuestion, item: Record<string, unknown>): HouseholdDependentValues {
  const out: HouseholdDependentValues = {};
  for (const field of mappedFields(g)) {
    const v = item[field];
    out[field] = typeof v === 'string' || typeof v === 'number' ? v : null;
  }
  return out;
}
