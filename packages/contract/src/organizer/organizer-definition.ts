import { z } from 'zod';
import { text } from '../common/text.ts';
import { ORGANIZER_FIELD_MESSAGES as M } from './field-messages.ts';
import { householdGroupIssues } from './household-group.ts';

/**
 * An organizer (issue 32): the questions a firm asks a client for a service and a tax year, in sections, each
 * question optionally shown only when earlier answers say so. A template's version holds one definition; a client's
 * answers keep the version they were given (organizer-rules.ts evaluates it; the server stores it).
 */

/** A text the firm writes, in English and (optionally) Spanish; a Spanish reader sees the English where it is empty. */
export const localTextSchema = z.strictObject({
  en: text().min(1).max(300),
  es: text().max(300).nullable().optional(),
});
export type LocalText = z.infer<typeof localTextSchema>;

export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const questionId = z.string().regex(QUESTION_ID_PATTERN, { error: () => M.questionId });

/**
 * What a condition can ask of an earlier answer. `answered`/`not_answered` take no value; `greater_than`/`less_than`
 * compare numbers (a repeating group: its number of entries); `includes` asks a multiple choice whether it holds a
 * value; `equals`/`not_equals` compare yes/no, a choice, a number or a text (trimmed, any case).
 */
export const CONDITION_OPS = [
  'equals',
  'not_equals',
  'answered',
  'not_answered',
  'greater_than',
  'less_than',
  'includes',
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/**
 * `question` names an earlier question by id. Inside a repeating group, a bare id names a question of the same entry
 * first; from outside, `group.question` asks whether ANY entry of the group satisfies the comparison.
 */
export interface Comparison {
  question: string;
  op: ConditionOp;
  value?: string | number | boolean | null;
}
export type Condition = Comparison | { all: Condition[] } | { any: Condition[] };

const comparisonSchema = z.strictObject({
  question: z.string().regex(/^[a-z][a-z0-9_]{0,39}(\.[a-z][a-z0-9_]{0,39})?$/, { error: () => M.questionId }),
  op: z.enum(CONDITION_OPS),
  value: z
    .union([text().max(200), z.number().finite(), z.boolean()])
    .nullable()
    .optional(),
});
export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    comparisonSchema,
    z.strictObject({ all: z.array(conditionSchema).min(1).max(20) }),
    z.strictObject({ any: z.array(conditionSchema).min(1).max(20) }),
  ]),
);

/** A document the answer asks for: a "yes", or each entry of a repeating group (its name beside the label). */
export const answerRequestSchema = z.strictObject({
  label: localTextSchema,
  /** The catalogue's Tax Document Type, by name (none: null). */
  document_type: text().max(120).nullable(),
});
export type AnswerRequestRule = z.infer<typeof answerRequestSchema>;

const common = {
  id: questionId,
  label: localTextSchema,
  help: localTextSchema.nullable().optional(),
  /** Counts in the progress while it is shown (a question that is not shown never counts). */
  required: z.boolean().optional(),
  show_if: conditionSchema.nullable().optional(),
};

const choiceOption = z.strictObject({ value: questionId, label: localTextSchema });

/** The kinds of question a firm can ask; `group` repeats its own questions per entry (dependents, employers, 1099s). */
export const QUESTION_TYPES = [
  'yes_no',
  'choice',
  'text',
  'number',
  'money',
  'date',
  'tax_id',
  'file',
  'group',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** What a one-line text question holds when it holds a bank number (organizer-answers.ts checks the answer). */
export const TEXT_FORMATS = ['routing_number', 'account_number'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
/** The widest range a number question may set, and an amount's. */
export const NUMBER_LIMIT = 1e12;
export const MONEY_LIMIT = 1_000_000_000;
const numberBound = z.number().finite().min(-NUMBER_LIMIT).max(NUMBER_LIMIT);
const moneyBound = z.number().finite().min(-MONEY_LIMIT).max(MONEY_LIMIT);

const fieldQuestionSchemas = [
  z.strictObject({ ...common, type: z.literal('yes_no'), request: answerRequestSchema.nullable().optional() }),
  z.strictObject({
    ...common,
    type: z.literal('choice'),
    options: z.array(choiceOption).max(50),
    multiple: z.boolean().optional(),
  }),
  z.strictObject({
    ...common,
    type: z.literal('text'),
    multiline: z.boolean().optional(),
    /** A bank routing number (nine digits) or account number (4 to 17, sealed like an SSN); one line. */
    format: z.enum(TEXT_FORMATS).optional(),
  }),
  /** A count says `integer` (and its `min`, `max`): "2.5" or "-1" people are refused. */
  z.strictObject({
    ...common,
    type: z.literal('number'),
    integer: z.boolean().optional(),
    min: numberBound.optional(),
    max: numberBound.optional(),
  }),
  /** An amount in dollars and cents, 0 or more unless `min` says otherwise (a loss may be negative). */
  z.strictObject({ ...common, type: z.literal('money'), min: moneyBound.optional(), max: moneyBound.optional() }),
  z.strictObject({ ...common, type: z.literal('date') }),
  /** An SSN or ITIN: sealed at rest, masked in every answer, like the questionnaire's. */
  z.strictObject({ ...common, type: z.literal('tax_id') }),
  /** A document of the client's vault, by id. */
  z.strictObject({ ...common, type: z.literal('file') }),
] as const;

export const fieldQuestionSchema = z.discriminatedUnion('type', fieldQuestionSchemas);
export type FieldQuestion = z.infer<typeof fieldQuestionSchema>;

export const groupQuestionSchema = z.strictObject({
  ...common,
  type: z.literal('group'),
  fields: z.array(fieldQuestionSchema).max(40),
  max_items: z.number().int().min(1).max(50).optional(),
  /** The text question of an entry that names it ("Employer"): shown in the entry's heading and its document request. */
  item_label_field: questionId.nullable().optional(),
  /** One request per entry ("W-2" for each employer). */
  request: answerRequestSchema.nullable().optional(),
  /**
   * Its entries are the household's dependents (household-group.ts): kept once per household, offered to each year's
   * organizer; its questions of the fixed mapping's ids hold the dependent's fields.
   */
  household_dependents: z.boolean().optional(),
});
export type GroupQuestion = z.infer<typeof groupQuestionSchema>;

export const questionSchema = z.discriminatedUnion('type', [...fieldQuestionSchemas, groupQuestionSchema]);
export type Question = z.infer<typeof questionSchema>;

export const organizerSectionSchema = z.strictObject({
  id: questionId,
  title: localTextSchema,
  questions: z.array(questionSchema).max(500),
});
export type OrganizerSection = z.infer<typeof organizerSectionSchema>;

export const MAX_ORGANIZER_QUESTIONS = 500;
export const MAX_CONDITION_DEPTH = 4;
export const DEFAULT_MAX_ITEMS = 20;

const depthOf = (c: Condition): number =>
  'all' in c ? 1 + Math.max(...c.all.map(depthOf)) : 'any' in c ? 1 + Math.max(...c.any.map(depthOf)) : 0;

function* comparisons(c: Condition): Generator<Comparison> {
  if ('all' in c) for (const x of c.all) yield* comparisons(x);
  else if ('any' in c) for (const x of c.any) yield* comparisons(x);
  else yield c;
}

interface Known {
  /** Top-level questions asked so far, by id → type (a group: 'group'). */
  top: Map<string, QuestionType>;
  /** Each group asked so far → its fields' types. */
  groups: Map<string, Map<string, QuestionType>>;
}

/** Why a condition cannot stand where it is (naming a question not asked before it, a value missing), or null. */
function conditionProblem(c: Condition, known: Known, siblings: Map<string, QuestionType> | null): string | null {
  if (depthOf(c) > MAX_CONDITION_DEPTH) return M.conditionTooDeep;
  for (const comparison of comparisons(c)) {
    const [first, second] = comparison.question.split('.');
    const found = second
      ? known.groups.get(first!)?.has(second)
      : (siblings?.has(first!) ?? false) || known.top.has(first!);
    if (!found) return M.unknownReference;
    const needsValue = comparison.op !== 'answered' && comparison.op !== 'not_answered';
    if (needsValue && (comparison.value === undefined || comparison.value === null)) return M.conditionValue;
  }
  return null;
}

type Issue = { path: (string | number)[]; message: string };

/** A number's or an amount's range: its smallest value no larger than its largest. */
function rangeProblems(q: FieldQuestion, path: (string | number)[]): Issue[] {
  if (q.type !== 'number' && q.type !== 'money') return [];
  return q.min !== undefined && q.max !== undefined && q.min > q.max
    ? [{ path: [...path, 'max'], message: M.rangeOrder }]
    : [];
}

function optionProblems(q: FieldQuestion, path: (string | number)[]): Issue[] {
  if (q.type !== 'choice') return [];
  if (q.options.length < 2) return [{ path: [...path, 'options'], message: M.optionsRequired }];
  const values = q.options.map((o) => o.value);
  return new Set(values).size === values.length ? [] : [{ path: [...path, 'options'], message: M.duplicateOption }];
}

/** Every rule across questions: unique ids, conditions naming earlier questions, groups well formed, the size cap. */
export function definitionIssues(sections: readonly OrganizerSection[]): Issue[] {
  const issues: Issue[] = [];
  const known: Known = { top: new Map(), groups: new Map() };
  let total = 0;
  let householdGroup: GroupQuestion | null = null;
  sections.forEach((section, s) => {
    section.questions.forEach((q, i) => {
      const path = ['sections', s, 'questions', i];
      total += 1 + (q.type === 'group' ? q.fields.length : 0);
      if (known.top.has(q.id)) issues.push({ path: [...path, 'id'], message: M.duplicateId });
      const problem = q.show_if ? conditionProblem(q.show_if, known, null) : null;
      if (problem) issues.push({ path: [...path, 'show_if'], message: problem });
      if (q.type === 'group') {
        if (q.fields.length === 0) issues.push({ path: [...path, 'fields'], message: M.fieldsRequired });
        const siblings = new Map<string, QuestionType>();
        q.fields.forEach((f, j) => {
          const fieldPath = [...path, 'fields', j];
          // `id` names the entry itself (organizer-answers.ts): a question of the group cannot take it.
          if (siblings.has(f.id) || f.id === 'id') issues.push({ path: [...fieldPath, 'id'], message: M.duplicateId });
          const fieldProblem = f.show_if ? conditionProblem(f.show_if, known, siblings) : null;
          if (fieldProblem) issues.push({ path: [...fieldPath, 'show_if'], message: fieldProblem });
          issues.push(...optionProblems(f, fieldPath), ...rangeProblems(f, fieldPath));
          siblings.set(f.id, f.type);
        });
        if (q.item_label_field && siblings.get(q.item_label_field) !== 'text')
          issues.push({ path: [...path, 'item_label_field'], message: M.itemLabelField });
        issues.push(...householdGroupIssues(q, path, householdGroup));
        if (q.household_dependents) householdGroup ??= q;
        known.groups.set(q.id, siblings);
      } else {
        issues.push(...optionProblems(q, path), ...rangeProblems(q, path));
      }
      known.top.set(q.id, q.type);
    });
  });
  if (total > MAX_ORGANIZER_QUESTIONS) issues.push({ path: ['sections'], message: M.tooManyQuestions });
  return issues;
}

export const organizerDefinitionSchema = z
  .strictObject({ sections: z.array(organizerSectionSchema).min(1).max(30) })
  .check((ctx) => {
    for (const issue of definitionIssues(ctx.value.sections))
      ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: ctx.value });
  });
export type OrganizerDefinition = z.infer<typeof organizerDefinitionSchema>;
