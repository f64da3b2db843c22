import type { QuestionType } from '@taxportal/contract';
import { dropReferences, refitReferences, renameOptionValues, renameReferences } from './condition-model.ts';
import {
  allQuestions,
  move,
  newQuestion,
  newSection,
  slugOf,
  takenIds,
  uniqueId,
  type Draft,
  type DraftField,
  type DraftQuestion,
  type DraftSection,
} from './draft-model.ts';

/** The edits the builder makes to its working copy: each returns a new draft, the old one untouched. */

export function updateQuestion(draft: Draft, uid: string, fn: (q: DraftQuestion) => DraftQuestion): Draft {
  return {
    sections: draft.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) => {
        if (q.uid === uid) return fn(q);
        if (q.type !== 'group' || !q.fields.some((f) => f.uid === uid)) return q;
        return { ...q, fields: q.fields.map((f) => (f.uid === uid ? (fn(f) as DraftField) : f)) };
      }),
    })),
  };
}

export function updateSection(draft: Draft, uid: string, fn: (s: DraftSection) => DraftSection): Draft {
  return { sections: draft.sections.map((s) => (s.uid === uid ? fn(s) : s)) };
}

/** A question's id changed (typed, or following its English label); the conditions naming it follow. */
export function renameQuestion(draft: Draft, uid: string, id: string): Draft {
  // Conditions follow only to an id no other question has: two questions would otherwise merge in them.
  const moved = takenIds(draft, uid).has(id) ? draft : renameReferences(draft, uid, id);
  return updateQuestion(moved, uid, (q) => ({ ...q, id }));
}

/**
 * A question changed in place: the conditions naming it follow a choice's renamed option values, and fit it again
 * (its type changed, an option removed).
 */
export function replaceQuestion(draft: Draft, uid: string, next: DraftQuestion): Draft {
  let base = draft;
  const before = [...allQuestions(draft)].find((x) => x.q.uid === uid)?.q;
  if (before?.type === 'choice' && next.type === 'choice' && before.options.length === next.options.length) {
    const renames = new Map<string, string>();
    before.options.forEach((o, i) => {
      const to = next.options[i]!.value;
      if (o.value !== to) renames.set(o.value, to);
    });
    base = renameOptionValues(draft, uid, renames);
  }
  return refitReferences(
    updateQuestion(base, uid, () => next),
    uid,
  );
}

/**
 * The English label typed: while the id is still the one the label made (or the new question's), it follows the
 * label, unique among the question's neighbours.
 */
export function relabelQuestion(draft: Draft, uid: string, en: string, previousEn: string, id: string): Draft {
  const taken = takenIds(draft, uid);
  const auto =
    previousEn.trim() === '' || /^(question|group)(_\d+)?$/.test(id) || id === uniqueId(slugOf(previousEn), taken);
  const labelled = updateQuestion(draft, uid, (q) => ({ ...q, label: { ...q.label, en } }));
  if (!auto || !en.trim()) return labelled;
  const next = uniqueId(slugOf(en), taken);
  return next === id ? labelled : renameQuestion(labelled, uid, next);
}

/** A new question at the end of a section or of a group (`parentUid`); returns the draft and the new question's uid. */
export function addQuestion(draft: Draft, parentUid: string, type: QuestionType): { draft: Draft; uid: string } {
  const section = draft.sections.find((s) => s.uid === parentUid);
  if (section) {
    const taken = new Set(draft.sections.flatMap((s) => s.questions.map((q) => q.id)));
    const q = newQuestion(type, taken);
    return { draft: updateSection(draft, parentUid, (s) => ({ ...s, questions: [...s.questions, q] })), uid: q.uid };
  }
  let uid = '';
  const next = updateQuestion(draft, parentUid, (g) => {
    if (g.type !== 'group') return g;
    const f = newQuestion(type, new Set(g.fields.map((x) => x.id)), true) as DraftField;
    uid = f.uid;
    return { ...g, fields: [...g.fields, f] };
  });
  return { draft: next, uid };
}

/** The question removed, with the comparisons that named it (and a group's naming field). */
export function removeQuestion(draft: Draft, uid: string): Draft {
  const cleared = dropReferences(draft, uid);
  return {
    sections: cleared.sections.map((s) => ({
      ...s,
      questions: s.questions
        .filter((q) => q.uid !== uid)
        .map((q) => {
          if (q.type !== 'group') return q;
          const gone = q.fields.find((f) => f.uid === uid);
          if (!gone) return q;
          return {
            ...q,
            fields: q.fields.filter((f) => f.uid !== uid),
            item_label_field: q.item_label_field === gone.id ? null : q.item_label_field,
          };
        }),
    })),
  };
}

/** The question one place up or down in its list (a section's, or a group's fields). */
export function moveQuestion(draft: Draft, uid: string, by: -1 | 1): Draft {
  return {
    sections: draft.sections.map((s) => {
      const i = s.questions.findIndex((q) => q.uid === uid);
      if (i >= 0) return { ...s, questions: move(s.questions, i, by) };
      return {
        ...s,
        questions: s.questions.map((q) => {
          if (q.type !== 'group') return q;
          const j = q.fields.findIndex((f) => f.uid === uid);
          return j >= 0 ? { ...q, fields: move(q.fields, j, by) } : q;
        }),
      };
    }),
  };
}

export function addSection(draft: Draft): { draft: Draft; uid: string } {
  const s = newSection(new Set(draft.sections.map((x) => x.id)));
  return { draft: { sections: [...draft.sections, s] }, uid: s.uid };
}

/** A section removed with its questions, and every comparison naming one of them. */
export function removeSection(draft: Draft, uid: string): Draft {
  const section = draft.sections.find((s) => s.uid === uid);
  if (!section) return draft;
  let next = draft;
  for (const q of section.questions) next = dropReferences(next, q.uid);
  return { sections: next.sections.filter((s) => s.uid !== uid) };
}

export function moveSection(draft: Draft, uid: string, by: -1 | 1): Draft {
  return {
    sections: move(
      draft.sections,
      draft.sections.findIndex((s) => s.uid === uid),
      by,
    ),
  };
}

/** The English title typed: a section's id follows it while it is still the one made for it. */
export function retitleSection(draft: Draft, uid: string, en: string): Draft {
  return updateSection(draft, uid, (s) => {
    const auto = /^section(_\d+)?$/.test(s.id) || s.id === slugOf(s.title.en, 'section');
    const taken = new Set(draft.sections.filter((x) => x.uid !== uid).map((x) => x.id));
    const id = auto && en.trim() ? uniqueId(slugOf(en, 'section'), taken) : s.id;
    return { ...s, id, title: { ...s.title, en } };
  });
}
