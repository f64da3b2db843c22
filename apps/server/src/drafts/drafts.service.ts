import { randomUUID } from 'node:crypto';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  DRAFT_MESSAGES,
  DRAFT_REVIEW_STATUS,
  MESSAGES,
  uploadDraftFieldsSchema,
  type Draft,
  type DraftLabel,
  type DraftList,
  type RequestDraftChangesBody,
  type TicketStatus,
  type UpdateDraftBody,
} from '@taxportal/contract';
import { TICKET_TEXTS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { recipientLanguage, statusLabelIn, textsIn } from '../platform/i18n.ts';
import { findUser, savedLanguage } from '../platform/users.ts';
import {
  filerPeople,
  findTicketRef,
  markConversationRead,
  moveTicket,
  SYSTEM_MOVES,
  visibleTicket,
  type TicketRef,
} from '../tickets/index.ts';
import { discardStaged, insertDocument, readPdfUpload, type DocumentsDeps } from '../documents/index.ts';
import { FollowUps, ticketLink, ticketVersion } from './drafts.notify.ts';
import * as repo from './drafts.repository.ts';
import type { DraftRow } from './drafts.repository.ts';

/** Where a new draft may come from (tickets' system move draft_uploaded); in Draft Ready: a new version. */
const DRAFT_FROM: readonly TicketStatus[] = SYSTEM_MOVES.draft_uploaded.from;

/**
 * A version as the API shows it. A pending version reads `not_reviewed` once its ticket has left Draft Ready
 * (staff moved it on by hand): nobody can decide on it there, so "awaiting review" would be untrue. A superseded
 * version names the version that replaced it (the next one uploaded).
 */
export function toDraft(r: DraftRow, all: readonly Pick<DraftRow, 'version'>[]): Draft {
  const version = Number(r.version);
  const versions = all.map((x) => Number(x.version));
  const latest = Math.max(...versions);
  const later = versions.filter((v) => v > version);
  const status: Draft['status'] =
    r.status === 'pending' && r.ticket_status !== DRAFT_REVIEW_STATUS ? 'not_reviewed' : (r.status as Draft['status']);
  return {
    id: r.id,
    ticket_id: r.ticket_id,
    version,
    label: r.label as DraftLabel,
    status,
    is_current: version === latest,
    superseded_by_version: r.status === 'superseded' && later.length ? Math.min(...later) : null,
    note: r.note,
    document_id: r.document_id,
    file_name: r.file_name,
    size_bytes: Number(r.size_bytes),
    uploaded_by: r.uploaded_by_id ? { id: r.uploaded_by_id, full_name: r.uploaded_by_name ?? '' } : null,
    created_at: r.created_at.toISOString(),
    decided_by: r.decided_by_id ? { id: r.decided_by_id, full_name: r.decided_by_name ?? '' } : null,
    decided_at: r.decided_at?.toISOString() ?? null,
    decision_message: r.decision_message,
  };
}

async function draftOut(db: DocumentsDeps['db'], ticketId: string, draftId: string): Promise<Draft> {
  const rows = await repo.listDrafts(db, ticketId);
  const row = rows.find((r) => r.id === draftId);
  if (!row) throw notFound(DRAFT_MESSAGES.draftNotFound);
  return toDraft(row, rows);
}

export async function listDrafts(deps: Pick<DocumentsDeps, 'db'>, auth: AuthContext, ref: string): Promise<DraftList> {
  const t = await visibleTicket(deps.db, auth, ref);
  const rows = await repo.listDrafts(deps.db, t.id);
  return { items: rows.map((r) => toDraft(r, rows)) };
}

type Part = MultipartFile | MultipartValue;

/** Staff upload a draft version: kept as a private `draft` document; earlier pending versions are superseded. */
export async function uploadDraft(
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  parts: () => AsyncIterable<Part>,
  ip: string,
): Promise<Draft> {
  const seen = await visibleTicket(deps.db, auth, ref);
  if (!isStaff(auth)) throw new AppError('forbidden', MESSAGES.forbidden);
  if (![...DRAFT_FROM, 'Draft Ready'].includes(seen.status as TicketStatus)) {
    throw new AppError('conflict', DRAFT_MESSAGES.ticketClosed);
  }
  const { staged, fields } = await readPdfUpload(deps, parts(), {
    fields: uploadDraftFieldsSchema,
    messages: {
      oneFile: TICKET_TEXTS.drafts.oneFile,
      fileRequired: DRAFT_MESSAGES.fileRequired,
      notPdf: DRAFT_MESSAGES.notPdf,
    },
  });
  const follow = new FollowUps();
  let draftId: string;
  try {
    draftId = await deps.db.transaction(async (tx) => {
      const t = (await findTicketRef(tx, seen.id, { lock: true }))!;
      if (![...DRAFT_FROM, 'Draft Ready'].includes(t.status as TicketStatus)) {
        throw new AppError('conflict', DRAFT_MESSAGES.ticketClosed);
      }
      const version = (await repo.latestVersion(tx, t.id)) + 1;
      await repo.supersedePending(tx, t.id);
      const doc = await insertDocument(tx, deps, staged, {
        customerId: t.customer_id,
        ticketId: t.id,
        kind: 'draft',
        visibility: 'private',
        uploadedBy: auth.user.id,
      });
      const id = randomUUID();
      await repo.insertDraft(tx, {
        id,
        ticket_id: t.id,
        document_id: doc.id,
        version,
        label: fields.label,
        note: fields.note || null,
        uploaded_by: auth.user.id,
        created_at: deps.now(),
      });
      const outcome = await moveTicket(tx, {
        ticketId: t.id,
        system: 'draft_uploaded',
        actorId: auth.user.id,
        note: `Draft v${version} uploaded`,
      });
      const moved = outcome.moved ? { from: outcome.from, to: outcome.to } : null;
      await audit(tx, {
        actorId: auth.user.id,
        action: 'draft.uploaded',
        entityType: 'ticket',
        entityId: t.id,
        ip,
        meta: { draft_id: id, version, document_id: doc.id, label: fields.label, moved: moved !== null },
      });
      if (moved) follow.statusChanged(t, moved, auth.user, await ticketVersion(tx, t.id));
      follow.publish(FollowUps.audience(t), { type: 'draft.uploaded', ticket_id: t.id, ticket_name: t.name, id });
      // Each filer of the return (a joint return's spouse too) is told, in their own words.
      for (const person of filerPeople(t))
        await follow.notify(tx, {
          userId: person.id,
          ticket: t,
          kind: 'draft',
          mailTo: person.email,
          write: (say) => {
            const title = say('notifications.draftReady.title', { ticket: t.name, version });
            const uploaded = say('notifications.draftReady.text', { version, service: t.service_name, year: t.year });
            return {
              title,
              body: say('notifications.draftReady.body'),
              mail: {
                subject: title,
                text: `${say('mail.hello', { name: person.full_name })}\n\n${uploaded}\n${ticketLink(deps.publicUrl, t)}\n`,
              },
            };
          },
        });
      return id;
    });
  } catch (err) {
    await discardStaged(deps, [staged]);
    throw err;
  }
  await follow.run(deps);
  return draftOut(deps.db, seen.id, draftId);
}

type Decision = { kind: 'approve' } | { kind: 'changes'; message: string };

/** The customer approves the current draft (Draft Finalised) or sends it back with a message (Tax Preparation). */
export async function decideDraft(
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  draftId: string,
  decision: Decision,
  ip: string,
): Promise<Draft> {
  // A filer decides: the ticket's customer, or on a joint return their spouse (visibleTicket let no one else by).
  const seen = await visibleTicket(deps.db, auth, ref);
  if (isStaff(auth)) throw new AppError('forbidden', TICKET_TEXTS.drafts.customerOnly);
  const follow = new FollowUps();
  await deps.db.transaction(async (tx) => {
    const t = (await findTicketRef(tx, seen.id, { lock: true }))!;
    const draft = await repo.lockDraft(tx, t.id, draftId);
    if (!draft) throw notFound(DRAFT_MESSAGES.draftNotFound);
    const latest = await repo.latestVersion(tx, t.id);
    if (draft.version !== latest || draft.status === 'superseded') {
      throw new AppError('conflict', DRAFT_MESSAGES.notCurrent);
    }
    if (draft.status !== 'pending') throw new AppError('conflict', DRAFT_MESSAGES.alreadyDecided);
    const outcome = await moveTicket(tx, {
      ticketId: t.id,
      system: decision.kind === 'approve' ? 'draft_approved' : 'draft_changes_requested',
      actorId: auth.user.id,
      note:
        decision.kind === 'approve'
          ? `Draft v${draft.version} approved`
          : `Changes requested on draft v${draft.version}`,
    });
    // Not in Draft Ready: staff moved the ticket on without the customer's decision. The version reads "not
    // reviewed" and stays so unless the ticket comes back to Draft Ready.
    if (!outcome.moved) throw new AppError('conflict', DRAFT_MESSAGES.notReviewed);
    const moved = { from: outcome.from, to: outcome.to };
    const now = deps.now();
    await repo.updateDraft(tx, draft.id, {
      status: decision.kind === 'approve' ? 'approved' : 'changes_requested',
      decided_by: auth.user.id,
      decided_at: now,
      decision_message: decision.kind === 'changes' ? decision.message : null,
    });
    await audit(tx, {
      actorId: auth.user.id,
      action: decision.kind === 'approve' ? 'draft.approved' : 'draft.changes_requested',
      entityType: 'ticket',
      entityId: t.id,
      ip,
      meta: { draft_id: draft.id, version: draft.version },
    });
    follow.statusChanged(t, moved, auth.user, await ticketVersion(tx, t.id));
    if (decision.kind === 'changes') {
      // Heads the customer's own words, in the customer's language (they write it).
      const say = textsIn(recipientLanguage(await savedLanguage(tx, auth.user.id)));
      const body = `${say('notifications.draftChanges.message', { version: draft.version })}\n${decision.message}`;
      const m = await repo.insertConversationMessage(tx, { ticketId: t.id, authorId: auth.user.id, body });
      // Writing a message means having read the conversation up to it.
      await markConversationRead(tx, auth.user.id, t.id);
      follow.publish(FollowUps.audience(t), {
        type: 'message.created',
        ticket_id: t.id,
        ticket_name: t.name,
        message: {
          id: String(m.id),
          ticket_id: t.id,
          body: m.body,
          internal: false,
          author: { id: auth.user.id, full_name: auth.user.full_name, is_staff: false },
          document_ids: [],
          created_at: m.created_at.toISOString(),
        },
      });
    }
    await notifyPreparer(tx, deps, follow, t, draft.version, decision);
  });
  await follow.run(deps);
  return draftOut(deps.db, seen.id, draftId);
}

async function notifyPreparer(
  tx: Tx,
  deps: DocumentsDeps,
  follow: FollowUps,
  t: TicketRef,
  version: number,
  decision: Decision,
) {
  if (!t.assignee_id) return;
  const assignee = await findUser(tx, t.assignee_id);
  const approved = SYSTEM_MOVES.draft_approved.to;
  const params = { ticket: t.name, name: t.customer_name, version };
  await follow.notify(tx, {
    userId: t.assignee_id,
    ticket: t,
    kind: decision.kind === 'approve' ? 'draft' : 'message',
    mailTo: assignee?.email,
    write: (say, language) => {
      const title =
        decision.kind === 'approve'
          ? say('notifications.draftApproved.title', params)
          : say('notifications.draftChanges.title', params);
      return {
        title,
        body:
          decision.kind === 'changes'
            ? decision.message.slice(0, 300)
            : say('notifications.draftApproved.body', { status: statusLabelIn(language, approved, 'staff', approved) }),
        mail: {
          subject: title,
          text: `${title}.\n\n${say('notifications.mail.openTicket', { link: ticketLink(deps.publicUrl, t) })}\n`,
        },
      };
    },
  });
}

export const approveDraft = (deps: DocumentsDeps, auth: AuthContext, ref: string, draftId: string, ip: string) =>
  decideDraft(deps, auth, ref, draftId, { kind: 'approve' }, ip);

export const requestDraftChanges = (
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  draftId: string,
  body: RequestDraftChangesBody,
  ip: string,
) => decideDraft(deps, auth, ref, draftId, { kind: 'changes', message: body.message }, ip);

/** Staff relabel a version: Draft, CPA Reviewed or Sample only. */
export async function updateDraftLabel(
  deps: DocumentsDeps,
  auth: AuthContext,
  ref: string,
  draftId: string,
  body: UpdateDraftBody,
  ip: string,
): Promise<Draft> {
  const t = await visibleTicket(deps.db, auth, ref);
  if (!isStaff(auth)) throw new AppError('forbidden', MESSAGES.forbidden);
  await deps.db.transaction(async (tx) => {
    const draft = await repo.lockDraft(tx, t.id, draftId);
    if (!draft) throw notFound(DRAFT_MESSAGES.draftNotFound);
    await repo.updateDraft(tx, draft.id, { label: body.label });
    await audit(tx, {
      actorId: auth.user.id,
      action: 'draft.relabelled',
      entityType: 'ticket',
      entityId: t.id,
      ip,
      meta: { draft_id: draft.id, from: draft.label, to: body.label },
    });
  });
  await deps.hub.publish(FollowUps.audience(t), {
    type: 'draft.updated',
    ticket_id: t.id,
    ticket_name: t.name,
    id: draftId,
  });
  return draftOut(deps.db, t.id, draftId);
}
