import { organizerDefinitionSchema } from '@taxportal/contract';
import { toDefinition, type Draft } from './draft-model.ts';

/**
 * What is wrong with a draft, placed at the question (or section) it is about: the server's 422 (problem+json
 * `errors`, fields like `definition.sections.0.questions.2.show_if`) and the same checks run here before sending
 * (the contract's schema: the server runs exactly it).
 */
export interface Issue {
  /** What inside the question it is about: `show_if`, `label.en`, `options`… ('' for the question itself). */
  field: string;
  message: string;
  /** Found here (the contract's English), not said by the server (in the reader's language already). */
  local?: boolean;
}

export interface PlacedIssues {
  /** By the uid of the question or section named. */
  byUid: Map<string, Issue[]>;
  /** Named nowhere in particular (the whole definition, or a place the draft no longer has). */
  general: Issue[];
}

export const NO_ISSUES: PlacedIssues = { byUid: new Map(), general: [] };

/** The uid a path names in `draft` (the draft that was checked or sent), and the rest of the path. */
function place(draft: Draft, path: readonly (string | number)[]): { uid: string | null; rest: string } {
  const p = path.map(String);
  if (p[0] === 'definition') p.shift();
  if (p[0] !== 'sections' || p[1] === undefined) return { uid: null, rest: p.join('.') };
  const section = draft.sections[Number(p[1])];
  if (!section) return { uid: null, rest: p.join('.') };
  if (p[2] !== 'questions' || p[3] === undefined) return { uid: section.uid, rest: p.slice(2).join('.') };
  const q = section.questions[Number(p[3])];
  if (!q) return { uid: section.uid, rest: p.slice(2).join('.') };
  if (q.type === 'group' && p[4] === 'fields' && p[5] !== undefined) {
    const f = q.fields[Number(p[5])];
    if (f) return { uid: f.uid, rest: p.slice(6).join('.') };
  }
  return { uid: q.uid, rest: p.slice(4).join('.') };
}

export function placeIssues(
  draft: Draft,
  found: { path: readonly (string | number)[]; message: string }[],
  local = false,
): PlacedIssues {
  const byUid = new Map<string, Issue[]>();
  const general: Issue[] = [];
  for (const { path, message } of found) {
    const { uid, rest } = place(draft, path);
    const issue = local ? { field: rest, message, local } : { field: rest, message };
    if (uid) byUid.set(uid, [...(byUid.get(uid) ?? []), issue]);
    else general.push(issue);
  }
  return { byUid, general };
}

/** The server's field errors, placed in the draft that was sent. */
export const serverIssues = (sent: Draft, errors: { field: string; message: string }[]): PlacedIssues =>
  placeIssues(
    sent,
    errors.map((e) => ({ path: e.field.split('.'), message: e.message })),
  );

/** The contract's checks of the draft, placed: what the server would refuse. */
export function localIssues(draft: Draft): PlacedIssues {
  const result = organizerDefinitionSchema.safeParse(toDefinition(draft));
  if (result.success) return NO_ISSUES;
  return placeIssues(
    draft,
    result.error.issues.map((i) => ({ path: i.path.filter((k) => typeof k !== 'symbol'), message: i.message })),
    true,
  );
}

export const issueCount = (issues: PlacedIssues): number =>
  issues.general.length + [...issues.byUid.values()].reduce((n, list) => n + list.length, 0);
