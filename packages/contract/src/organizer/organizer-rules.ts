import type {
  AnswerRequestRule,
  Comparison,
  Condition,
  GroupQuestion,
  LocalText,
  OrganizerDefinition,
  Question,
} from './organizer-definition.ts';

/**
 * THE organizer's rules (issue 32), shared by the server (what it stores, counts and asks for) and the web (what it
 * shows): which questions apply to these answers, how far the client is, which documents the answers ask for.
 * zod-free, so the web's organizer page evaluates on every keystroke without loading a schema.
 */

export type Scalar = string | number | boolean | null;
/** One entry of a repeating group: its id (made by the client, stable) and its answers by question id. */
export type GroupItem = { id: string } & { [question: string]: Scalar | string[] | undefined };
export type AnswerValue = Scalar | string[] | GroupItem[];
export type OrganizerAnswers = Record<string, AnswerValue | undefined>;

/** A document the answers ask for. `key` is stable per question (and entry), so saving again never duplicates it. */
export interface AnswerDrivenRequest {
  key: string;
  label: LocalText;
  /** The entry's name ("Acme Corp" for a W-2 per employer), or null. */
  item: string | null;
  document_type: string | null;
}

export interface OrganizerEvaluation {
  /** What is shown: a question's id, and `group.itemId.question` for a question inside an entry. */
  shown: ReadonlySet<string>;
  /** Answered over required, counting only questions shown. */
  progress: { answered: number; required: number };
  requests: AnswerDrivenRequest[];
}

export const entryKey = (group: string, itemId: string, question: string) => `${group}.${itemId}.${question}`;
export const requestKey = (...parts: string[]) => `org:${parts.join(':')}`;
/** The question (top level: a group for its entries' requests) whose answer made a request key. */
export const questionOfRequestKey = (key: string): string => key.split(':')[1] ?? '';

export const isAnswered = (v: unknown): boolean => {
  if (v === null || v === undefined) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'boolean';
};

/** A group's value as conditions read it: its entries' shown answers. */
type EntryValues = Map<string, AnswerValue | undefined>;
type Known = Map<string, AnswerValue | undefined | EntryValues[]>;
const isEntries = (v: unknown): v is EntryValues[] => Array.isArray(v) && v.every((x) => x instanceof Map);

const norm = (v: string) => v.trim().toLowerCase();

function compareOne(v: unknown, c: Comparison): boolean {
  const value = c.value;
  switch (c.op) {
    case 'answered':
      return isAnswered(v);
    case 'not_answered':
      return !isAnswered(v);
    case 'includes':
      return Array.isArray(v) ? v.includes(String(value)) : typeof v === 'string' && norm(v) === norm(String(value));
    case 'greater_than':
    case 'less_than': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      const limit = Number(value);
      if (!Number.isFinite(n) || !Number.isFinite(limit)) return false;
      return c.op === 'greater_than' ? n > limit : n < limit;
    }
    case 'equals':
    case 'not_equals': {
      if (!isAnswered(v)) return false;
      let equal: boolean;
      if (Array.isArray(v)) equal = v.includes(String(value));
      else if (typeof v === 'boolean') equal = v === (value === true || value === 'true');
      else if (typeof v === 'number') equal = v === Number(value);
      else equal = norm(String(v)) === norm(String(value));
      return c.op === 'equals' ? equal : !equal;
    }
  }
}

/** A group named whole: answered = has entries; numbers compare its number of entries. */
function compareEntries(entries: EntryValues[], c: Comparison): boolean {
  if (c.op === 'answered') return entries.length > 0;
  if (c.op === 'not_answered') return entries.length === 0;
  return compareOne(entries.length, c);
}

function test(c: Condition, known: Known, entry: EntryValues | null): boolean {
  if ('all' in c) return c.all.every((x) => test(x, known, entry));
  if ('any' in c) return c.any.some((x) => test(x, known, entry));
  const [first, second] = c.question.split('.') as [string, string | undefined];
  if (second !== undefined) {
    const group = known.get(first);
    const entries = isEntries(group) ? group : [];
    // Any entry satisfying it; none at all reads as one unanswered entry.
    return entries.length ? entries.some((e) => compareOne(e.get(second), c)) : compareOne(undefined, c);
  }
  if (entry?.has(first)) return compareOne(entry.get(first), c);
  const v = known.get(first);
  return isEntries(v) ? compareEntries(v, c) : compareOne(v, c);
}

const entriesOf = (v: AnswerValue | undefined): GroupItem[] =>
  Array.isArray(v) ? (v as unknown[]).filter((x): x is GroupItem => !!x && typeof x === 'object' && 'id' in x) : [];

/** Whether an entry holds anything yet (its naming question, or any answer): an empty new entry asks for nothing. */
function entryEntered(g: GroupQuestion, item: GroupItem): boolean {
  if (g.item_label_field) return isAnswered(item[g.item_label_field]);
  return g.fields.some((f) => isAnswered(item[f.id]));
}

const asRequest = (key: string, rule: AnswerRequestRule, item: string | null): AnswerDrivenRequest => ({
  key,
  label: rule.label,
  item,
  document_type: rule.document_type,
});

/**
 * Walks the definition in order: a question is shown when its condition holds on the answers shown before it (an
 * answer to a question not shown counts as none, so hiding a question hides what hangs on it); counts the shown
 * required questions; lists the documents the shown answers ask for.
 */
export function evaluateOrganizer(definition: OrganizerDefinition, answers: OrganizerAnswers): OrganizerEvaluation {
  const shown = new Set<string>();
  const known: Known = new Map();
  const requests: AnswerDrivenRequest[] = [];
  let answered = 0;
  let required = 0;
  const count = (q: Question, done: boolean) => {
    if (q.required === false) return;
    required += 1;
    if (done) answered += 1;
  };

  for (const section of definition.sections)
    for (const q of section.questions) {
      if (q.show_if && !test(q.show_if, known, null)) continue;
      shown.add(q.id);
      if (q.type !== 'group') {
        const v = answers[q.id];
        known.set(q.id, v);
        count(q, isAnswered(v));
        if (q.type === 'yes_no' && q.request && v === true) requests.push(asRequest(requestKey(q.id), q.request, null));
        continue;
      }
      const entries: EntryValues[] = [];
      let complete = true;
      const items = entriesOf(answers[q.id]);
      for (const item of items) {
        const values: EntryValues = new Map();
        for (const f of q.fields) {
          if (f.show_if && !test(f.show_if, known, values)) {
            // Hidden: its sibling conditions read no answer (never a top-level question of the same id).
            values.set(f.id, undefined);
            continue;
          }
          shown.add(entryKey(q.id, item.id, f.id));
          const v = item[f.id];
          values.set(f.id, v);
          if (f.required !== false && !isAnswered(v)) complete = false;
          if (f.type === 'yes_no' && f.request && v === true)
            requests.push(asRequest(requestKey(q.id, item.id, f.id), f.request, itemName(q, item)));
        }
        entries.push(values);
        if (q.request && entryEntered(q, item))
          requests.push(asRequest(requestKey(q.id, item.id), q.request, itemName(q, item)));
      }
      known.set(q.id, entries);
      count(q, items.length > 0 && complete);
    }
  return { shown, progress: { answered, required }, requests };
}

function itemName(g: GroupQuestion, item: GroupItem): string | null {
  const v = g.item_label_field ? item[g.item_label_field] : null;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

export const completionPercent = ({ answered, required }: { answered: number; required: number }): number =>
  required ? Math.floor((answered * 100) / required) : 0;

/** A text the firm wrote, in the reader's language (the English where the Spanish is missing). */
export const localText = (t: LocalText, language: string): string =>
  language === 'es' && t.es && t.es.trim() !== '' ? t.es : t.en;

/** Where the definition asks questions `which` picks: `question`, or `group.*.question` for each entry. */
function pathsOf(definition: OrganizerDefinition, which: (q: Question) => boolean): string[] {
  const paths: string[] = [];
  for (const section of definition.sections)
    for (const q of section.questions) {
      if (which(q)) paths.push(q.id);
      if (q.type === 'group') for (const f of q.fields) if (which(f)) paths.push(`${q.id}.*.${f.id}`);
    }
  return paths;
}

/** Where the definition asks for an SSN or ITIN: `question`, or `group.*.question` for each entry. */
export const taxIdPaths = (definition: OrganizerDefinition): string[] =>
  pathsOf(definition, (q) => q.type === 'tax_id');

/** Where it asks for a bank account number (a text of that format): sealed as an SSN is, masked `****1234`. */
export const accountPaths = (definition: OrganizerDefinition): string[] =>
  pathsOf(definition, (q) => q.type === 'text' && q.format === 'account_number');

/** Every question by id (a group's by `group.question`), for the builder and the server's checks. */
export function questionsById(definition: OrganizerDefinition): Map<string, Question> {
  const byId = new Map<string, Question>();
  for (const section of definition.sections)
    for (const q of section.questions) {
      byId.set(q.id, q);
      if (q.type === 'group') for (const f of q.fields) byId.set(`${q.id}.${f.id}`, f);
    }
  return byId;
}
