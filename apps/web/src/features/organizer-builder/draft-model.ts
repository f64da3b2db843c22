import type {
  FieldQuestion,
  GroupQuestion,
  LocalText,
  OrganizerDefinition,
  OrganizerSection,
  QuestionType,
} from '@taxportal/contract';

/**
 * The builder's working copy of a definition: the contract's shapes, each section and question with a `uid` the
 * screen keys it by (ids change as labels are typed; a uid never does). toDefinition strips them for the server.
 */
export type DraftField = FieldQuestion & { uid: string };
export type DraftGroup = Omit<GroupQuestion, 'fields'> & { uid: string; fields: DraftField[] };
export type DraftQuestion = DraftField | DraftGroup;
export type DraftSection = Omit<OrganizerSection, 'questions'> & { uid: string; questions: DraftQuestion[] };
export interface Draft {
  sections: DraftSection[];
}

let counter = 0;
export const newUid = (): string => `u${(counter += 1)}`;

const ID_MAX = 40;

/** An id from a label: lower-case ASCII letters, digits and `_`, starting with a letter ("Did you sell stock?" → did_you_sell_stock). */
export function slugOf(label: string, fallback = 'question'): string {
  const slug = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, ID_MAX)
    .replace(/_+$/, '');
  if (!slug) return fallback;
  return /^[a-z]/.test(slug) ? slug : `q_${slug}`.slice(0, ID_MAX);
}

/** `base`, else `base_2`, `base_3`… whichever `taken` does not hold (within the 40 characters an id may have). */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const id = `${base.slice(0, ID_MAX - suffix.length)}${suffix}`;
    if (!taken.has(id)) return id;
  }
}

/** The ids a question at this place may not take: the other top-level ones, or its group's other fields. */
export function takenIds(draft: Draft, uid: string): Set<string> {
  for (const s of draft.sections)
    for (const q of s.questions) {
      if (q.type === 'group' && q.fields.some((f) => f.uid === uid))
        return new Set(q.fields.filter((f) => f.uid !== uid).map((f) => f.id));
    }
  return new Set(draft.sections.flatMap((s) => s.questions.filter((q) => q.uid !== uid).map((q) => q.id)));
}

const withUid = (q: FieldQuestion, uid?: string): DraftField => ({ ...q, uid: uid ?? newUid() });

/**
 * The working copy of a definition. `keep` (the copy it was saved from) lends its uids by position, so a saved draft
 * coming back from the server keeps each card as it was (open, focused).
 */
export function toDraft(definition: OrganizerDefinition, keep?: Draft): Draft {
  return {
    sections: definition.sections.map((s, i) => {
      const old = keep?.sections[i];
      return {
        ...s,
        uid: old?.uid ?? newUid(),
        questions: s.questions.map((q, j) => {
          const oldQ = old?.questions[j];
          if (q.type !== 'group') return withUid(q, oldQ?.uid);
          const oldFields = oldQ?.type === 'group' ? oldQ.fields : [];
          return { ...q, uid: oldQ?.uid ?? newUid(), fields: q.fields.map((f, k) => withUid(f, oldFields[k]?.uid)) };
        }),
      };
    }),
  };
}

/** A text as the server takes it: an empty Spanish left out. */
const cleanText = (t: LocalText): LocalText => (t.es && t.es.trim() ? { en: t.en, es: t.es } : { en: t.en });

function cleanQuestion<Q extends { uid: string; label: LocalText; help?: LocalText | null }>(q: Q) {
  const { uid: _uid, help, ...rest } = q;
  const hasHelp = help && (help.en.trim() || (help.es ?? '').trim());
  return { ...rest, label: cleanText(q.label), ...(hasHelp ? { help: cleanText(help) } : {}) };
}

/** The definition the server stores: uids stripped, empty help and Spanish left out. */
export function toDefinition(draft: Draft): OrganizerDefinition {
  return {
    sections: draft.sections.map(({ uid: _uid, ...s }) => ({
      ...s,
      title: cleanText(s.title),
      questions: s.questions.map((q) => {
        if (q.type !== 'group') return cleanQuestion(q) as FieldQuestion;
        const { fields, ...group } = cleanQuestion(q);
        return { ...group, fields: fields.map((f) => cleanQuestion(f) as FieldQuestion) } as GroupQuestion;
      }),
    })),
  };
}

/** A new question of a type, with its id made unique among `taken`. */
export function newQuestion(type: QuestionType, taken: ReadonlySet<string>, inGroup = false): DraftQuestion {
  const id = uniqueId(type === 'group' ? 'group' : 'question', taken);
  const common = { uid: newUid(), id, label: { en: '', es: '' } };
  switch (type) {
    case 'choice':
      return {
        ...common,
        type,
        options: [
          { value: 'option_1', label: { en: '', es: '' } },
          { value: 'option_2', label: { en: '', es: '' } },
        ],
      };
    case 'group':
      if (inGroup) throw new Error('A repeating group holds no group');
      return { ...common, type, fields: [{ uid: newUid(), id: 'name', type: 'text', label: { en: '', es: '' } }] };
    default:
      return { ...common, type } as DraftField;
  }
}

export function newSection(taken: ReadonlySet<string>): DraftSection {
  return { uid: newUid(), id: uniqueId('section', taken), title: { en: '', es: '' }, questions: [] };
}

/** A field question changed to another field type: what both share is kept (label, id, help, required, condition). */
export function changeType(q: DraftField, type: Exclude<QuestionType, 'group'>): DraftField {
  const { uid, id, label, help, required, show_if } = q;
  const base = { uid, id, label, help, required, show_if };
  if (type === 'choice')
    return {
      ...base,
      type,
      options: [
        { value: 'option_1', label: { en: '', es: '' } },
        { value: 'option_2', label: { en: '', es: '' } },
      ],
    };
  if (type === 'yes_no' && q.type === 'yes_no') return q;
  return { ...base, type } as DraftField;
}

/** The list with the item at `from` moved one place up (-1) or down (+1); the same list at an edge. */
export function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  [copy[from], copy[to]] = [copy[to]!, copy[from]!];
  return copy;
}

/** Every question in order (a group's fields after it), with the group a field is in. */
export function* allQuestions(draft: Draft): Generator<{ q: DraftQuestion; group: DraftGroup | null }> {
  for (const s of draft.sections)
    for (const q of s.questions) {
      yield { q, group: null };
      if (q.type === 'group') for (const f of q.fields) yield { q: f, group: q };
    }
}

/** Keys sorted, absent and null alike left out: one definition, however its keys come ordered. */
function canonicalValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonicalValue);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .flatMap((k) => {
        const x = (v as Record<string, unknown>)[k];
        return x === null || x === undefined ? [] : [[k, canonicalValue(x)]];
      }),
  );
}

/** A definition as text that compares equal to the same definition sent back by the server (the unsaved check). */
export const canonical = (definition: OrganizerDefinition): string =>
  JSON.stringify(canonicalValue(toDefinition(toDraft(definition))));
