import type { z } from 'zod';
import {
  answersSchemaFor,
  completionPercent,
  evaluateOrganizer,
  localText,
  questionOfRequestKey,
  type AnswerDrivenRequest,
  type FieldError,
  type HouseholdOffers,
  type OrganizerAnswers,
  type OrganizerDefinition,
  type saveOrganizerAnswersBodySchema,
  type TicketOrganizer,
} from '@taxportal/contract';
import { ORGANIZER_TEXTS as T, REQUEST_PROBLEMS } from '@taxportal/contract/texts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import { keyOfText, recipientLanguage } from '../platform/i18n.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import {
  FINISHED_STATUSES,
  keyedRequests,
  syncKeyedRequests,
  type KeyedRequestState,
} from '../document-requests/index.ts';
import { earlierQuestionnaire } from '../questionnaire/index.ts';
import { visibleTicket, type TicketRef } from '../tickets/index.ts';
import {
  isProtectedPath,
  maskOrganizerAnswers,
  resealOrganizerAnswers,
  revealOrganizerValue,
  sealOrganizerAnswers,
} from './organizer-secrets.ts';
import { carryAnswers, carryQuestionnaire } from './carry-forward.ts';
import {
  householdOffers,
  householdSideOf,
  keepHouseholdDependents,
  prepareHouseholdSave,
} from './organizer-household.ts';
import { loadVersion, type LoadedVersion } from './organizer-versions.ts';
import * as repo from './organizers.repository.ts';

type Json = Record<string, unknown>;
type SaveBody = z.infer<typeof saveOrganizerAnswersBodySchema>;

/** The requests an organizer makes carry this prefix in their key (contract requestKey: `org:q`, `org:group:entry`). */
const REQUEST_PREFIX = 'org:';

/** A ticket's organizer: the version its answers are pinned to, or (never saved) the one its template gives now. */
interface Current {
  templateId: string;
  name: string;
  version: LoadedVersion;
  /** As stored: SSNs and ITINs sealed. */
  answers: Json;
  /** Null: never saved (nothing pinned yet). */
  updatedAt: Date | null;
  /** The saves so far (0: none by a person): what a save must name. */
  revision: number;
  /** Questions whose answers were carried from an earlier year and are not confirmed yet. */
  carried: string[];
  carriedFrom: { year: number; name: string } | null;
}

export async function currentOrganizer(
  db: Tx,
  ticketId: string,
  opts: { lock?: boolean } = {},
): Promise<Current | null> {
  const pinned = await repo.findTicketOrganizer(db, ticketId, opts);
  if (pinned) {
    const version = await loadVersion(db, pinned.version_id);
    if (!version) throw new Error(`organizer version ${pinned.version_id} is missing`);
    return {
      templateId: pinned.template_id,
      name: pinned.name,
      version,
      answers: pinned.answers,
      updatedAt: pinned.updated_at,
      revision: pinned.revision,
      carried: pinned.carried,
      carriedFrom:
        pinned.carried_from_year !== null && pinned.carried_from_name !== null
          ? { year: pinned.carried_from_year, name: pinned.carried_from_name }
          : null,
    };
  }
  const choice = await repo.ticketChoice(db, ticketId);
  const applies = choice ? await repo.applicableTemplate(db, choice.service_id, choice.year) : null;
  if (!applies) return null;
  const version = await loadVersion(db, applies.version_id);
  if (!version) return null;
  return {
    templateId: applies.template_id,
    name: applies.name,
    version,
    answers: {},
    updatedAt: null,
    revision: 0,
    carried: [],
    carriedFrom: null,
  };
}

/**
 * What a new organizer starts from (issue 32 item 3): the client's answers of the latest earlier year that this
 * year's version asks the same way (carry-forward.ts), from their organizer of that year or, where that year had
 * none, its questionnaire (SPEC's four sections; the organizer of the later year wins a tie); sealed for this
 * ticket. Null: nothing to carry.
 */
async function carriedAnswers(
  deps: DocumentsDeps,
  ticket: Pick<TicketRef, 'id' | 'customer_id'>,
  year: number,
  definition: OrganizerDefinition,
): Promise<{ answers: Json; questions: string[]; fromTicketId: string } | null> {
  const earlier = await repo.earlierOrganizer(deps.db, ticket.customer_id, ticket.id, year);
  const questionnaire = await earlierQuestionnaire(deps, ticket.customer_id, ticket.id, year);
  if (questionnaire && (!earlier || questionnaire.year > earlier.year)) {
    const carried = carryQuestionnaire(definition, questionnaire.sections);
    // Its SSNs and account numbers come opened by the questionnaire: sealed here as new answers of this ticket.
    const { answers } = sealOrganizerAnswers(deps.encryptionKey, ticket.id, definition, carried.answers, {});
    return { answers, questions: carried.questions, fromTicketId: questionnaire.ticketId };
  }
  const source = earlier ? await loadVersion(deps.db, earlier.version_id) : null;
  if (!earlier || !source) return null;
  const carried = carryAnswers(definition, source.definition, earlier.answers);
  const answers = resealOrganizerAnswers(deps.encryptionKey, earlier.ticket_id, ticket.id, definition, carried.answers);
  return { answers, questions: carried.questions, fromTicketId: earlier.ticket_id };
}

/**
 * A new organizer starts from the client's earlier answers (carriedAnswers), pinned to the version given now.
 * Carried answers ask for no documents until the client confirms or changes them. False: nothing to carry.
 */
async function carryForward(
  deps: DocumentsDeps,
  ticket: Pick<TicketRef, 'id' | 'customer_id'>,
  current: Current,
): Promise<boolean> {
  const choice = await repo.ticketChoice(deps.db, ticket.id);
  if (!choice) return false;
  const { definition } = current.version;
  const carried = await carriedAnswers(deps, ticket, choice.year, definition);
  if (!carried?.questions.length) return false;
  const progress = evaluateOrganizer(
    definition,
    maskOrganizerAnswers(definition, carried.answers) as OrganizerAnswers,
  ).progress;
  await repo.insertCarriedOrganizer(deps.db, {
    ticketId: ticket.id,
    templateId: current.templateId,
    versionId: current.version.id,
    answers: carried.answers,
    carried: carried.questions,
    fromTicketId: carried.fromTicketId,
    ...progress,
    at: deps.now(),
  });
  return true;
}

/** The same answer, whatever the order of an entry's keys. */
const canonical = (v: unknown): string =>
  JSON.stringify(v ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );

/** A request's label as the ticket's request list shows it: the firm's language, the entry's name after it. */
const labelOf = (r: AnswerDrivenRequest) => {
  const label = localText(r.label, recipientLanguage(null));
  return r.item ? `${label}: ${r.item}` : label;
};

function view(
  ticketId: string,
  current: Current,
  states: KeyedRequestState[],
  household: HouseholdOffers | null,
): TicketOrganizer {
  const { definition } = current.version;
  const answers = maskOrganizerAnswers(definition, current.answers);
  const evaluation = evaluateOrganizer(definition, answers as OrganizerAnswers);
  const byKey = new Map(states.map((s) => [s.source_key, s]));
  return {
    ticket_id: ticketId,
    organizer: {
      template_id: current.templateId,
      name: current.name,
      version: current.version.version,
      definition,
      answers,
      progress: evaluation.progress,
      completion: completionPercent(evaluation.progress),
      carried_forward:
        current.carried.length && current.carriedFrom
          ? {
              from_year: current.carriedFrom.year,
              from_ticket_name: current.carriedFrom.name,
              questions: current.carried,
            }
          : null,
      requests: evaluation.requests.map((r) => {
        const made = byKey.get(r.key);
        return {
          key: r.key,
          label: made?.label ?? labelOf(r),
          document_type_name: r.document_type,
          request_id: made?.id ?? null,
          status: made?.status ?? null,
        };
      }),
      updated_at: current.updatedAt?.toISOString() ?? null,
      revision: current.revision,
      household,
    },
  };
}

export async function getTicketOrganizer(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
): Promise<TicketOrganizer> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  let current = await currentOrganizer(deps.db, ticket.id);
  if (!current) return { ticket_id: ticket.id, organizer: null };
  if (!current.updatedAt && !FINISHED_STATUSES.includes(ticket.status) && (await carryForward(deps, ticket, current)))
    current = (await currentOrganizer(deps.db, ticket.id)) ?? current;
  const states = current.updatedAt ? await keyedRequests(deps.db, ticket.id, REQUEST_PREFIX) : [];
  const finished = FINISHED_STATUSES.includes(ticket.status);
  const side = householdSideOf(auth, ticket);
  const offers = await householdOffers(deps.db, side, current.version.definition, current.answers, finished);
  return view(ticket.id, current, states, offers);
}

const SAFE_KEY = /^[\w-]{1,40}$/;

/** The answers as the version's schema takes them; 422 naming each refused answer (`answers.<path>`). */
function checkAnswers(definition: OrganizerDefinition, given: Json): Json {
  const parsed = answersSchemaFor(definition).safeParse(given);
  if (!parsed.success) {
    const errors: FieldError[] = [];
    for (const issue of parsed.error.issues) {
      const at = ['answers', ...issue.path.map(String)];
      if (issue.code === 'unrecognized_keys') {
        // A key the organizer does not ask: named when it is a plain name, never echoed otherwise.
        for (const key of issue.keys)
          errors.push({
            field: [...at, ...(SAFE_KEY.test(key) ? [key] : [])].join('.'),
            message: T.answers.unknownQuestion,
          });
        continue;
      }
      const message = keyOfText(issue.message) ? issue.message : REQUEST_PROBLEMS.invalidValue;
      errors.push({ field: at.join('.'), message });
    }
    throw new AppError('validation', T.answers.invalid, { errors: errors.slice(0, 50) });
  }
  const answers = parsed.data;
  // A group's entries are told apart by their ids (sealed values, requests): two alike are refused.
  for (const [question, value] of Object.entries(answers)) {
    if (!Array.isArray(value) || !value.every((e) => typeof e === 'object' && e !== null)) continue;
    const seen = new Set<string>();
    (value as { id: string }[]).forEach((entry, i) => {
      if (seen.has(entry.id)) throw fieldError(`answers.${question}.${i}.id`, T.answers.duplicateEntry);
      seen.add(entry.id);
    });
  }
  return answers;
}

export const refuseFinished = (ticket: TicketRef) => {
  if (FINISHED_STATUSES.includes(ticket.status))
    throw new AppError('conflict', T.answers.ticketFinished, { params: { status: ticket.status } });
};

/**
 * Saves all the answers (autosave) to the version the client was shown: the first save pins it, a save naming
 * another version is a conflict. In one transaction: the answers (SSNs and ITINs sealed), the progress, the
 * document requests the shown answers ask for (made, reopened, renamed, cancelled: document-requests owns them).
 */
export async function saveTicketOrganizer(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  body: SaveBody,
  ip: string,
): Promise<TicketOrganizer> {
  const seen = await visibleTicket(deps.db, auth, ticketId);
  refuseFinished(seen);
  return deps.db.transaction(async (tx) => {
    // Saves of one ticket queue behind its row; its status is read again under the lock.
    const ticket = await visibleTicket(tx, auth, seen.id, { lock: true });
    refuseFinished(ticket);
    const current = await currentOrganizer(tx, ticket.id, { lock: true });
    if (!current) throw notFound(T.answers.none);
    if (current.version.version !== body.version) throw new AppError('conflict', T.answers.staleVersion);
    // Saved since this page read them (another tab, staff at the same time): its whole answers would undo that save.
    if (current.revision !== body.revision) throw new AppError('conflict', T.answers.staleAnswers);
    const { definition } = current.version;
    const answers = checkAnswers(definition, body.answers);
    // Entries claimed from the household's dependents: their SSN is the household's, sealed again for this ticket.
    // The caller's current household only (never a former spouse's dependents on a joint return they still see).
    const side = householdSideOf(auth, ticket);
    const household = await prepareHouseholdSave(tx, deps.encryptionKey, side, definition, answers, current.answers);
    const stored = household?.stored ?? current.answers;
    const sealed = sealOrganizerAnswers(deps.encryptionKey, ticket.id, definition, answers, stored);
    const masked = maskOrganizerAnswers(definition, sealed.answers);
    const evaluation = evaluateOrganizer(definition, masked as OrganizerAnswers);
    // A carried answer stays "to confirm" until the client confirms it or changes it; until then it asks for nothing.
    const confirmed = new Set(body.confirmed ?? []);
    const before = maskOrganizerAnswers(definition, current.answers);
    const carried = current.carried.filter((q) => !confirmed.has(q) && canonical(before[q]) === canonical(masked[q]));
    const asked = evaluation.requests.filter((r) => !carried.includes(questionOfRequestKey(r.key)));
    const at = deps.now();
    await repo.upsertTicketOrganizer(tx, {
      ticketId: ticket.id,
      templateId: current.templateId,
      versionId: current.version.id,
      answers: sealed.answers,
      ...evaluation.progress,
      carried,
      revision: current.revision + 1,
      updatedBy: auth.user.id,
      at,
    });
    if (household) {
      const { written } = sealed;
      const change = { save: household, ticket: side, actorId: auth.user.id, definition, written };
      await keepHouseholdDependents(tx, deps, { ...change, before: current.answers, after: sealed.answers });
    }
    const states = await syncKeyedRequests(
      tx,
      deps,
      ticket,
      REQUEST_PREFIX,
      asked.map((r) => ({ sourceKey: r.key, label: labelOf(r), documentType: r.document_type })),
    );
    await audit(tx, {
      actorId: auth.user.id,
      action: 'organizer.save',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      // Which protected answers got a new value or lost theirs (names only): who removed a dependent's SSN, when.
      meta: {
        template_id: current.templateId,
        version: current.version.version,
        as_staff: isStaff(auth),
        ...(sealed.written.length ? { sealed_written: sealed.written } : {}),
        ...(sealed.cleared.length ? { sealed_cleared: sealed.cleared } : {}),
      },
    });
    const offers = await householdOffers(tx, side, definition, sealed.answers, false);
    return view(
      ticket.id,
      { ...current, answers: sealed.answers, updatedAt: at, carried, revision: current.revision + 1 },
      states,
      offers,
    );
  });
}

/** One SSN or ITIN in clear, for the ticket's customer or staff (as the questionnaire's); every reveal is audited. */
export async function revealTicketOrganizerField(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  path: string,
  ip: string,
): Promise<{ path: string; value: string }> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  const current = await currentOrganizer(deps.db, ticket.id);
  if (!current) throw notFound(T.answers.none);
  const { definition } = current.version;
  if (!isProtectedPath(definition, path)) throw fieldError('path', T.answers.notProtected);
  const value = revealOrganizerValue(deps.encryptionKey, ticket.id, definition, current.answers, path);
  if (value === null) throw notFound(T.answers.nothingStored);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'organizer.reveal',
    entityType: 'ticket',
    entityId: ticket.id,
    ip,
    meta: { path, template_id: current.templateId, as_staff: isStaff(auth) },
  });
  return { path, value };
}
