import type { Comparison, Condition, ConditionOp, QuestionType } from '@taxportal/contract';
import type { Draft, DraftGroup, DraftQuestion } from './draft-model.ts';

/**
 * What "Show only if" can name and ask, and how the conditions follow the questions they name when those are renamed
 * or removed. The rules are the contract's (organizer-definition.ts definitionIssues, organizer-rules.ts): a
 * condition names only questions asked BEFORE its own; inside a repeating group, a bare id names a field of the same
 * entry first; `group.field` from anywhere asks whether any entry's field matches.
 */

/** A question a condition may name from a given place: `ref` is what the condition holds. */
export interface ConditionTarget {
  ref: string;
  question: DraftQuestion;
  /** The group of a `group.field` reference (shown as "Group › field"). */
  group: DraftGroup | null;
  /** A field of the same entry (a bare id inside a group). */
  sibling: boolean;
}

/** What a condition at this question may name, in the order they are asked. */
export function earlierTargets(draft: Draft, uid: string): ConditionTarget[] {
  const top: ConditionTarget[] = [];
  const fieldsOfGroups: ConditionTarget[] = [];
  for (const s of draft.sections)
    for (const q of s.questions) {
      if (q.uid === uid) return [...top, ...fieldsOfGroups];
      if (q.type === 'group') {
        const j = q.fields.findIndex((f) => f.uid === uid);
        if (j >= 0) {
          const siblings = q.fields.slice(0, j);
          const shadowed = new Set(siblings.map((f) => f.id));
          return [
            ...siblings.map((f) => ({ ref: f.id, question: f, group: q, sibling: true })),
            ...top.filter((t) => !shadowed.has(t.ref)),
            ...fieldsOfGroups,
          ];
        }
      }
      top.push({ ref: q.id, question: q, group: null, sibling: false });
      if (q.type === 'group')
        for (const f of q.fields)
          fieldsOfGroups.push({ ref: `${q.id}.${f.id}`, question: f, group: q, sibling: false });
    }
  return [...top, ...fieldsOfGroups];
}

/** The operators offered for a question of this type (a group named whole counts its entries). */
export function opsFor(type: QuestionType, multiple = false): ConditionOp[] {
  switch (type) {
    case 'yes_no':
      return ['equals', 'answered', 'not_answered'];
    case 'choice':
      return multiple
        ? ['includes', 'not_equals', 'answered', 'not_answered']
        : ['equals', 'not_equals', 'answered', 'not_answered'];
    case 'number':
    case 'money':
      return ['greater_than', 'less_than', 'equals', 'answered', 'not_answered'];
    case 'text':
      return ['equals', 'answered', 'not_answered'];
    case 'group':
      return ['answered', 'not_answered', 'greater_than', 'less_than'];
    default:
      return ['answered', 'not_answered'];
  }
}

export const needsValue = (op: ConditionOp): boolean => op !== 'answered' && op !== 'not_answered';

/** What kind of value a comparison on this question takes. */
export type ValueKind = 'boolean' | 'option' | 'number' | 'text' | 'none';

export function valueKind(q: DraftQuestion, op: ConditionOp): ValueKind {
  if (!needsValue(op)) return 'none';
  if (q.type === 'yes_no') return 'boolean';
  if (q.type === 'choice') return 'option';
  if (q.type === 'number' || q.type === 'money' || q.type === 'group') return 'number';
  return 'text';
}

/** A comparison's value that fits the question and operator (kept when it already does). */
export function fittingValue(q: DraftQuestion, op: ConditionOp, value: Comparison['value']): Comparison['value'] {
  switch (valueKind(q, op)) {
    case 'none':
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? value : true;
    case 'option': {
      const options = q.type === 'choice' ? q.options : [];
      return options.some((o) => o.value === value) ? value : (options[0]?.value ?? '');
    }
    case 'number':
      return typeof value === 'number' ? value : 0;
    case 'text':
      return typeof value === 'string' ? value : '';
  }
}

/** A new comparison on a target: its first operator (a text's: answered) and a value that fits. */
export function newComparison(target: ConditionTarget): Comparison {
  const q = target.question;
  // A text compared with nothing typed yet would read "is “”": a new one starts at "is answered".
  const op = q.type === 'text' ? 'answered' : opsFor(q.type, q.type === 'choice' && !!q.multiple)[0]!;
  const value = fittingValue(q, op, undefined);
  return value === undefined ? { question: target.ref, op } : { question: target.ref, op, value };
}

export const isComparison = (c: Condition): c is Comparison => 'question' in c;

/** A condition as the editor's rows: comparisons joined by all/any; null when it nests deeper than the editor draws. */
export function rowsOf(c: Condition | null | undefined): { mode: 'all' | 'any'; rows: Comparison[] } | null {
  if (!c) return { mode: 'all', rows: [] };
  if (isComparison(c)) return { mode: 'all', rows: [c] };
  const mode = 'all' in c ? 'all' : 'any';
  const list = 'all' in c ? c.all : c.any;
  return list.every(isComparison) ? { mode, rows: list } : null;
}

/** The rows as a condition: none is no condition, one is that comparison. */
export function conditionOf(mode: 'all' | 'any', rows: Comparison[]): Condition | null {
  if (rows.length === 0) return null;
  if (rows.length === 1) return rows[0]!;
  return mode === 'all' ? { all: rows } : { any: rows };
}

/** The condition with each comparison mapped (null drops it; a group left empty goes too). */
export function mapComparisons(c: Condition, fn: (x: Comparison) => Comparison | null): Condition | null {
  if (isComparison(c)) return fn(c);
  const key = 'all' in c ? 'all' : 'any';
  const list = ('all' in c ? c.all : c.any).map((x) => mapComparisons(x, fn)).filter((x): x is Condition => !!x);
  if (list.length === 0) return null;
  return key === 'all' ? { all: list } : { any: list };
}

export function* comparisonsOf(c: Condition | null | undefined): Generator<Comparison> {
  if (!c) return;
  if (isComparison(c)) yield c;
  else for (const x of 'all' in c ? c.all : c.any) yield* comparisonsOf(x);
}

/**
 * Whether a comparison written at `holder` (in `holderGroup`, if a field) names the question `uid`: by its id from
 * outside, `group.field`, or a bare id inside the same group (a sibling's id hides a top-level one).
 */
function namer(draft: Draft, uid: string): (ref: string, holderGroup: DraftGroup | null) => boolean {
  for (const s of draft.sections)
    for (const q of s.questions) {
      if (q.uid === uid)
        return (ref, holderGroup) => {
          const [first, second] = ref.split('.');
          if (first !== q.id) return false;
          if (second !== undefined) return true;
          return !holderGroup || !holderGroup.fields.some((f) => f.id === q.id);
        };
      if (q.type === 'group') {
        const f = q.fields.find((x) => x.uid === uid);
        if (f) return (ref, holderGroup) => ref === `${q.id}.${f.id}` || (holderGroup?.uid === q.uid && ref === f.id);
      }
    }
  return () => false;
}

/** The questions whose conditions name this one (a group: or any of its fields). */
export function referencesTo(draft: Draft, uid: string): DraftQuestion[] {
  const names = namer(draft, uid);
  const found: DraftQuestion[] = [];
  const check = (holder: DraftQuestion, group: DraftGroup | null) => {
    if (holder.uid === uid) return;
    if ([...comparisonsOf(holder.show_if)].some((c) => names(c.question, group))) found.push(holder);
  };
  for (const s of draft.sections)
    for (const q of s.questions) {
      check(q, null);
      if (q.type === 'group') for (const f of q.fields) check(f, q);
    }
  return found;
}

/** Every question's condition changed by `fn` (given the question's group, if a field). */
function eachCondition(draft: Draft, fn: (c: Condition, group: DraftGroup | null) => Condition | null): Draft {
  const apply = <Q extends DraftQuestion>(q: Q, group: DraftGroup | null): Q =>
    q.show_if ? { ...q, show_if: fn(q.show_if, group) } : q;
  return {
    sections: draft.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) => {
        const top = apply(q, null);
        if (top.type !== 'group') return top;
        return { ...top, fields: top.fields.map((f) => apply(f, top)) };
      }),
    })),
  };
}

/** The draft without the comparisons that name this question (before it is removed). */
export function dropReferences(draft: Draft, uid: string): Draft {
  const names = namer(draft, uid);
  return eachCondition(draft, (c, group) => mapComparisons(c, (x) => (names(x.question, group) ? null : x)));
}

/** The draft with the conditions naming this question following its new id (and a group's naming field). */
export function renameReferences(draft: Draft, uid: string, newId: string): Draft {
  const names = namer(draft, uid);
  const place = (() => {
    for (const s of draft.sections)
      for (const q of s.questions) {
        if (q.uid === uid) return { group: null as DraftGroup | null, id: q.id };
        if (q.type === 'group') {
          const f = q.fields.find((x) => x.uid === uid);
          if (f) return { group: q, id: f.id };
        }
      }
    return null;
  })();
  if (!place) return draft;
  const renamed = eachCondition(draft, (c, group) =>
    mapComparisons(c, (x) => {
      if (!names(x.question, group)) return x;
      const [first, second] = x.question.split('.');
      if (place.group) return { ...x, question: first === place.group.id ? `${first}.${newId}` : newId };
      return { ...x, question: second === undefined ? newId : `${newId}.${second}` };
    }),
  );
  if (!place.group) return renamed;
  const groupUid = place.group.uid;
  return {
    sections: renamed.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) =>
        q.uid === groupUid && q.type === 'group' && q.item_label_field === place.id
          ? { ...q, item_label_field: newId }
          : q,
      ),
    })),
  };
}

/** The conditions naming this choice question follow its options' values renamed (`from` → `to`, by position). */
export function renameOptionValues(draft: Draft, uid: string, renames: ReadonlyMap<string, string>): Draft {
  if (renames.size === 0) return draft;
  const names = namer(draft, uid);
  return eachCondition(draft, (c, group) =>
    mapComparisons(c, (x) =>
      names(x.question, group) && typeof x.value === 'string' && renames.has(x.value)
        ? { ...x, value: renames.get(x.value)! }
        : x,
    ),
  );
}

/**
 * The comparisons naming this (field) question made to fit it again after it changed: an operator its type no
 * longer offers becomes its first, a value it cannot hold (an option removed, yes for a number) one it can.
 */
export function refitReferences(draft: Draft, uid: string): Draft {
  let question: DraftQuestion | undefined;
  for (const s of draft.sections)
    for (const q of s.questions) {
      if (q.uid === uid) question = q;
      if (q.type === 'group') question ??= q.fields.find((f) => f.uid === uid);
    }
  const q = question;
  if (!q || q.type === 'group') return draft;
  const names = namer(draft, uid);
  const ops = opsFor(q.type, q.type === 'choice' && !!q.multiple);
  return eachCondition(draft, (c, group) =>
    mapComparisons(c, (x) => {
      if (!names(x.question, group)) return x;
      const op = ops.includes(x.op) ? x.op : ops[0]!;
      const value = fittingValue(q, op, x.value);
      if (op === x.op && value === x.value) return x;
      return value === undefined ? { question: x.question, op } : { question: x.question, op, value };
    }),
  );
}
