import {
  QUESTIONNAIRE_REQUESTS,
  QUESTIONNAIRE_SECTIONS,
  isDocumentSection,
  type QuestionnaireSection,
  type QuestionnaireSummary,
  type SectionAnswers,
  type SectionProgress,
  type TicketProfile,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../platform/errors.ts';
import type { DocumentsDeps } from '../documents/index.ts';
import { completionOf, fbarOf, sectionProgress } from './questionnaire-rules.ts';
import { isSecretPath, maskAnswers, resealForTicket, revealValue, sealAnswers } from './questionnaire-secrets.ts';
import * as repo from './questionnaire.repository.ts';
import { visibleTicket, type TicketRef } from '../tickets/index.ts';
import { FINISHED_STATUSES, syncAnswerRequests } from '../document-requests/index.ts';

type Json = Record<string, unknown>;

function assemble(ticket: TicketRef, rows: repo.SectionRow[], documentSections: string[]): TicketProfile {
  const bySection = new Map(rows.map((r) => [r.section, r]));
  const sections = {} as Record<
    QuestionnaireSection,
    { answers: Json; progress: SectionProgress; updated_at: string | null; carried_over: boolean }
  >;
  for (const s of QUESTIONNAIRE_SECTIONS) {
    const row = bySection.get(s);
    sections[s] = row
      ? {
          answers: maskAnswers(s, row.answers),
          progress: { answered: row.answered, required: row.required },
          updated_at: row.updated_at?.toISOString() ?? null,
          carried_over: row.carried_over,
        }
      : { answers: {}, progress: sectionProgress(s, {}), updated_at: null, carried_over: false };
  }
  return {
    ticket_id: ticket.id,
    ticket_name: ticket.name,
    customer_id: ticket.customer_id,
    customer_name: ticket.customer_name,
    year: Number(ticket.year),
    sections: sections as unknown as TicketProfile['sections'],
    completion: completionOf(QUESTIONNAIRE_SECTIONS.map((s) => sections[s].progress)),
    prefilled_from: rows.find((r) => r.prefilled_from_name)?.prefilled_from_name ?? null,
    document_sections: documentSections.filter(isDocumentSection),
    fbar: fbarOf((bySection.get('global_asset')?.answers ?? {}) as SectionAnswers['global_asset']),
  };
}

/**
 * The documents a section's answers call for (the contract's QUESTIONNAIRE_REQUESTS): a "yes" asks for the document, any other answer
 * takes the question back, and so does a service that does not ask for that section's documents
 * (Service.document_sections: an IRS notice asks for none, an FBAR filing for foreign statements only). Only a save
 * by a person runs it: answers carried over from an earlier ticket ask for nothing until they are confirmed. The
 * document-requests feature owns its rows and reminders (syncAnswerRequests).
 */
async function syncRequests(
  tx: Tx,
  deps: DocumentsDeps,
  ticket: TicketRef,
  section: QuestionnaireSection,
  answers: Json,
): Promise<void> {
  const rules = QUESTIONNAIRE_REQUESTS.filter((r) => r.section === section);
  if (!rules.length) return;
  const asked = (await repo.documentSectionsOf(tx, ticket.id)).includes(section);
  await syncAnswerRequests(
    tx,
    deps,
    ticket,
    rules.map((rule) => ({
      sourceKey: `${section}.${rule.question}`,
      label: rule.label.en,
      documentType: rule.document_type,
      wanted: asked && answers[rule.question] === true,
    })),
  );
}

/**
 * An empty questionnaire takes the answers of the customer's previous ticket (secrets sealed again). They ask for no
 * documents yet: the taxpayer confirms each section by saving it (syncRequests).
 */
async function prefill(deps: DocumentsDeps, ticket: Pick<TicketRef, 'id' | 'customer_id'>): Promise<boolean> {
  const from = await repo.previousAnsweredTicket(deps.db, ticket.customer_id, ticket.id);
  if (!from) return false;
  const source = await repo.listSections(deps.db, from);
  await deps.db.transaction(async (tx) => {
    // Someone else (another tab) filled it meanwhile: keep theirs.
    if ((await repo.listSections(tx, ticket.id)).length) return;
    for (const row of source) {
      const answers = resealForTicket(deps.encryptionKey, from, ticket.id, row.section, row.answers);
      const progress = sectionProgress(row.section, answers as never);
      await repo.upsertSection(tx, {
        ticketId: ticket.id,
        customerId: ticket.customer_id,
        section: row.section,
        answers,
        ...progress,
        updatedBy: null,
        updatedAt: deps.now(),
        prefilledFrom: from,
      });
    }
  });
  return true;
}

const refuseFinished = (ticket: TicketRef) => {
  if (FINISHED_STATUSES.includes(ticket.status))
    throw new AppError('conflict', TICKET_TEXTS.questionnaire.ticketFinished, { params: { status: ticket.status } });
};

export async function getProfile(deps: DocumentsDeps, auth: AuthContext, ticketId: string): Promise<TicketProfile> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  let rows = await repo.listSections(deps.db, ticket.id);
  if (!rows.length && !FINISHED_STATUSES.includes(ticket.status) && (await prefill(deps, ticket)))
    rows = await repo.listSections(deps.db, ticket.id);
  return assemble(ticket, rows, await repo.documentSectionsOf(deps.db, ticket.id));
}

export async function saveSection<S extends QuestionnaireSection>(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  section: S,
  answers: SectionAnswers[S],
  ip: string,
): Promise<TicketProfile> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  refuseFinished(ticket);
  await deps.db.transaction(async (tx) => {
    const stored = (await repo.lockSection(tx, ticket.id, section)) ?? {};
    const sealed = sealAnswers(deps.encryptionKey, ticket.id, section, answers as Json, stored);
    const progress = sectionProgress(section, answers);
    await repo.upsertSection(tx, {
      ticketId: ticket.id,
      customerId: ticket.customer_id,
      section,
      answers: sealed.answers,
      ...progress,
      updatedBy: auth.user.id,
      updatedAt: deps.now(),
    });
    await syncRequests(tx, deps, ticket, section, answers as Json);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'questionnaire.save',
      entityType: 'ticket',
      entityId: ticket.id,
      ip,
      // Which protected fields got a new value or lost theirs (names only): who removed a spouse's SSN, when.
      meta: {
        section,
        as_staff: isStaff(auth),
        ...(sealed.written.length ? { sealed_written: sealed.written } : {}),
        ...(sealed.cleared.length ? { sealed_cleared: sealed.cleared } : {}),
      },
    });
  });
  return assemble(
    ticket,
    await repo.listSections(deps.db, ticket.id),
    await repo.documentSectionsOf(deps.db, ticket.id),
  );
}

const formatTaxId = (v: string) => (/^\d{9}$/.test(v) ? `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}` : v);

/** One protected value in clear, for its customer or staff; every reveal is audited (who, what, when, IP). */
export async function revealField(
  deps: DocumentsDeps,
  auth: AuthContext,
  ticketId: string,
  field: string,
  ip: string,
): Promise<{ field: string; value: string }> {
  const ticket = await visibleTicket(deps.db, auth, ticketId);
  const [section, ...rest] = field.split('.') as [QuestionnaireSection, ...string[]];
  const path = rest.join('.');
  if (!QUESTIONNAIRE_SECTIONS.includes(section) || !isSecretPath(section, path))
    throw fieldError('field', TICKET_TEXTS.questionnaire.notProtected);
  const row = (await repo.listSections(deps.db, ticket.id)).find((r) => r.section === section);
  const value = row ? revealValue(deps.encryptionKey, ticket.id, section, row.answers, path) : null;
  if (value === null) throw notFound(TICKET_TEXTS.questionnaire.nothingStored);
  await audit(deps.db, {
    actorId: auth.user.id,
    action: 'questionnaire.reveal',
    entityType: 'ticket',
    entityId: ticket.id,
    ip,
    meta: { field, as_staff: isStaff(auth) },
  });
  return { field, value: path.endsWith('account_number') ? value : formatTaxId(value) };
}

const EMPTY_REQUIRED = Object.fromEntries(QUESTIONNAIRE_SECTIONS.map((s) => [s, sectionProgress(s, {}).required]));

export async function listQuestionnaires(
  deps: DocumentsDeps,
  auth: AuthContext,
  q: { customer_id?: string | undefined },
): Promise<{ items: QuestionnaireSummary[] }> {
  let customerId = auth.user.id;
  if (isStaff(auth)) {
    if (!q.customer_id) throw fieldError('customer_id', TICKET_TEXTS.questionnaire.sayWhose);
    customerId = q.customer_id;
  }
  let rows = await repo.summaries(deps.db, customerId);
  // The list shows what opening a questionnaire shows: an empty one takes the previous answers here as well.
  let filled = false;
  for (const r of rows)
    if (!r.sections && !FINISHED_STATUSES.includes(r.status))
      filled = (await prefill(deps, { id: r.ticket_id, customer_id: r.customer_id })) || filled;
  if (filled) rows = await repo.summaries(deps.db, customerId);
  return {
    items: rows.map((r) => {
      const present = new Set((r.sections ?? '').split(',').filter(Boolean));
      const missing = QUESTIONNAIRE_SECTIONS.filter((s) => !present.has(s)).reduce((n, s) => n + EMPTY_REQUIRED[s]!, 0);
      const required = (r.required ?? 0) + missing;
      return {
        ticket_id: r.ticket_id,
        ticket_name: r.ticket_name,
        service_name: r.service_name,
        year: Number(r.year),
        status: r.status,
        completion: required ? Math.floor(((r.answered ?? 0) * 100) / required) : 0,
        updated_at: r.updated_at?.toISOString() ?? null,
        created_at: r.created_at.toISOString(),
      };
    }),
  };
}
