import {
  isAnswered,
  localText,
  questionOfRequestKey,
  type AnswerDrivenRequest,
  type GroupItem,
  type OrganizerAnswers,
  type OrganizerSection,
  type TicketOrganizer,
} from '@taxportal/contract';

/**
 * What the organizer page derives from the definition and the answers besides what evaluateOrganizer gives (the
 * contract's rules): each section's share of the progress, the server's field errors by the page's paths, the
 * documents list reconciled with the server's requests. Pure, O(questions).
 */

export const entriesOf = (v: unknown): GroupItem[] =>
  Array.isArray(v) ? (v as unknown[]).filter((x): x is GroupItem => !!x && typeof x === 'object' && 'id' in x) : [];

/**
 * A section's share of the progress, on the rule evaluateOrganizer counts by (a question shown and not
 * `required: false`; a group answered once it has entries and every shown required field of each is answered).
 */
export function sectionProgress(
  section: OrganizerSection,
  answers: OrganizerAnswers,
  shown: ReadonlySet<string>,
): { answered: number; required: number } {
  let answered = 0;
  let required = 0;
  for (const q of section.questions) {
    if (!shown.has(q.id) || q.required === false) continue;
    required += 1;
    if (q.type !== 'group') {
      if (isAnswered(answers[q.id])) answered += 1;
      continue;
    }
    const items = entriesOf(answers[q.id]);
    const complete = items.every((item) =>
      q.fields.every((f) => f.required === false || !shown.has(`${q.id}.${item.id}.${f.id}`) || isAnswered(item[f.id])),
    );
    if (items.length > 0 && complete) answered += 1;
  }
  return { answered, required };
}

/**
 * The server's field errors (422) by the page's paths: `question`, or `group.<index>.field` for an entry's field.
 * The server may name them `answers.employers.1.wages`, `employers[1].wages` or `employers.1.wages`.
 */
export function fieldErrors(errors: readonly { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const path = e.field
      .replace(/\[(\d+)\]/g, '.$1')
      .replace(/^body\./, '')
      .replace(/^answers\./, '');
    out[path] ??= e.message;
  }
  return out;
}

type ServerRequest = NonNullable<TicketOrganizer['organizer']>['requests'][number];

export interface ListedRequest {
  key: string;
  label: string;
  /** The ticket's request's status, or null while the answers that ask for it are not saved yet. */
  status: ServerRequest['status'];
  /** Asked for by an answer carried from an earlier year and not confirmed yet: proposed, not requested. */
  proposed: boolean;
}

/**
 * "Documents we will ask for": what the answers on screen ask for (live), each with the status of the ticket's
 * request the server made for its key after the last save. The label is the reader's language's. A request whose
 * question is still carried (`carried`: the server's `carried_forward.questions` after the last save) is proposed.
 */
export function listedRequests(
  live: readonly AnswerDrivenRequest[],
  server: readonly ServerRequest[],
  language: string,
  carried: ReadonlySet<string> = new Set(),
): ListedRequest[] {
  const byKey = new Map(server.map((r) => [r.key, r]));
  return live.map((r) => {
    const made = byKey.get(r.key);
    const name = localText(r.label, language);
    const proposed = carried.has(questionOfRequestKey(r.key));
    return {
      key: r.key,
      label: r.item ? `${name}: ${r.item}` : name,
      status: !proposed && made && made.request_id ? made.status : null,
      proposed,
    };
  });
}

/** The label of a group's entry: its naming field's answer, else null (the page says "Entry N"). */
export function entryName(labelField: string | null | undefined, item: GroupItem): string | null {
  const v = labelField ? item[labelField] : null;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}
