import {
  DEFAULT_MAX_ITEMS,
  fieldAnswerSchema,
  questionnaireAsStandardAnswers,
  questionsById,
  STANDARD_ORGANIZER,
  type FieldQuestion,
  type OrganizerDefinition,
  type Question,
  type QuestionnaireSection,
} from '@taxportal/contract';

/**
 * Last year's answers, as this year's organizer asks (issue 32, item 3): an answer carries forward when this year's
 * definition asks a question of the same id the same way (same kind and, for a text, the same format; a choice: the
 * same single/multiple and an option it still offers; a group: the entries, with their questions asked the same
 * way) and the value still fits this year's question (a count's new range, say). Everything else is left for the
 * client to answer. Values are copied as stored (SSNs still sealed for the old ticket: the caller seals them again
 * for the new one). Last year's questionnaire (SPEC's four sections, where no organizer applied) carries the same
 * way: its answers are answers to the standard organizer, which asks each under the questionnaire's own id.
 */
type Json = Record<string, unknown>;

/** Sealed where stored (an SSN, ITIN or account number): the sealed value is not checked, it is sealed again. */
const isSealedKind = (q: FieldQuestion) => q.type === 'tax_id' || (q.type === 'text' && q.format === 'account_number');

const CHOICE_KEEPS = (to: FieldQuestion & { type: 'choice' }, v: unknown): unknown => {
  const offered = new Set(to.options.map((o) => o.value));
  if (to.multiple) {
    if (!Array.isArray(v)) return null;
    const kept = v.filter((x) => typeof x === 'string' && offered.has(x));
    return kept.length ? kept : null;
  }
  return typeof v === 'string' && offered.has(v) ? v : null;
};

/** The value as `to` takes it, or null when it does not carry. */
function carriedField(to: FieldQuestion, from: Question | undefined, v: unknown): unknown {
  if (!from || from.type !== to.type || v === null || v === undefined) return null;
  if (to.type === 'choice') {
    if (from.type !== 'choice' || !!from.multiple !== !!to.multiple) return null;
    return CHOICE_KEEPS(to, v);
  }
  if (to.type === 'text' && (from.type !== 'text' || from.format !== to.format)) return null;
  if (isSealedKind(to)) return v;
  return fieldAnswerSchema(to).safeParse(v).success ? v : null;
}

export function carryAnswers(
  target: OrganizerDefinition,
  source: OrganizerDefinition,
  answers: Json,
): { answers: Json; questions: string[] } {
  const before = questionsById(source);
  const out: Json = {};
  const questions: string[] = [];
  for (const section of target.sections)
    for (const q of section.questions) {
      const from = before.get(q.id);
      const v = answers[q.id];
      if (q.type !== 'group') {
        const carried = carriedField(q, from, v);
        if (carried === null) continue;
        out[q.id] = carried;
        questions.push(q.id);
        continue;
      }
      if (from?.type !== 'group' || !Array.isArray(v)) continue;
      const entries: Json[] = [];
      for (const entry of v as Json[]) {
        if (!entry || typeof entry !== 'object' || typeof entry.id !== 'string') continue;
        const kept: Json = { id: entry.id };
        for (const f of q.fields) {
          const carried = carriedField(f, before.get(`${q.id}.${f.id}`), entry[f.id]);
          if (carried !== null) kept[f.id] = carried;
        }
        if (Object.keys(kept).length > 1) entries.push(kept);
      }
      if (!entries.length) continue;
      out[q.id] = entries.slice(0, q.max_items ?? DEFAULT_MAX_ITEMS);
      questions.push(q.id);
    }
  return { answers: out, questions };
}

/**
 * Last year's questionnaire (its sections' answers as stored, sealed values opened by the questionnaire) as this
 * year's organizer asks: carried as answers to the standard organizer are.
 */
export function carryQuestionnaire(
  target: OrganizerDefinition,
  sections: Partial<Record<QuestionnaireSection, Json>>,
): { answers: Json; questions: string[] } {
  return carryAnswers(target, STANDARD_ORGANIZER, questionnaireAsStandardAnswers(sections));
}
