import { randomUUID } from 'node:crypto';
import { type ClientInvitation, type InvitationChannel, type InvitationState } from '@taxportal/contract';
import { CLIENT_IMPORT_TEXTS as T } from '@taxportal/contract/texts';
import {
  issueSetPasswordLink,
  isSetPasswordLinkLive,
  revokeSetPasswordLink,
  setPasswordTokenHash,
} from '../auth/index.ts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError } from '../platform/errors.ts';
import { enqueueJob } from '../platform/jobs.ts';
import type { Actor, ClientImportDeps } from './client-import.deps.ts';
import * as imports from './client-import.repository.ts';
import { ownImport } from './client-import.service.ts';
import * as repo from './client-invitations.repository.ts';

/** The background job that sends invitations, a batch of ids at a time (client-invitations.send.ts). */
export const INVITATION_JOB = 'client_invitations_send';
export const INVITATION_JOB_BATCH = 50;

const view = (r: repo.InvitationRow): ClientInvitation => ({
  id: r.id,
  user_id: r.user_id,
  full_name: r.full_name,
  email: r.email,
  phone: r.phone,
  channel: r.channel === 'sms' ? 'sms' : 'email',
  state: r.state,
  sends: r.sends,
  sent_at: r.sent_at?.toISOString() ?? null,
  opened_at: r.opened_at?.toISOString() ?? null,
  expires_at: r.expires_at?.toISOString() ?? null,
});

async function committedImport(tx: Tx, id: string, actor: Actor, opts: { lock?: boolean } = {}) {
  const imp = await ownImport(tx, id, actor, opts);
  if (imp.status !== 'committed') throw new AppError('conflict', T.step.notCommitted);
  return imp;
}

async function enqueue(tx: Tx, ids: string[]) {
  for (let i = 0; i < ids.length; i += INVITATION_JOB_BATCH)
    await enqueueJob(tx, INVITATION_JOB, { invitation_ids: ids.slice(i, i + INVITATION_JOB_BATCH) });
}

/**
 * Invites the import's clients (and spouses) by e-mail or text: all, or those named. Each gets a queued invitation
 * and the sending happens in the background (jobs of 50), so thousands never hold a request. Left out: those
 * invited by this import already, those who joined, and (by text) those without a phone.
 */
export async function inviteClients(
  deps: ClientImportDeps,
  actor: Actor,
  id: string,
  body: { channel: InvitationChannel; user_ids?: string[] | undefined },
  kick: () => void,
) {
  if (body.channel === 'sms' && !deps.sms) throw new AppError('conflict', T.step.smsOff);
  const result = await deps.db.transaction(async (tx) => {
    await committedImport(tx, id, actor, { lock: true });
    const people = await imports.importedPeople(tx, id);
    const wanted = body.user_ids ? new Set(body.user_ids) : null;
    const invited = await repo.invitedUsers(tx, id);
    const chosen = people.filter((p) => !wanted || wanted.has(p.user_id));
    const eligible = chosen.filter(
      (p) => !invited.has(p.user_id) && !p.joined && (body.channel === 'email' || p.phone !== null),
    );
    const values = eligible.map((p) => ({
      id: randomUUID(),
      import_id: id,
      user_id: p.user_id,
      channel: body.channel,
      state: 'queued',
    }));
    await repo.insertInvitations(tx, values);
    await enqueue(
      tx,
      values.map((v) => v.id),
    );
    await audit(tx, {
      actorId: actor.userId,
      action: 'client_import.invited',
      entityType: 'client_import',
      entityId: id,
      ip: actor.ip,
    });
    return { queued: values.length, skipped: (wanted ? wanted.size : people.length) - values.length };
  });
  if (result.queued) kick();
  return result;
}

export async function listInvitations(
  deps: ClientImportDeps,
  actor: Actor,
  id: string,
  query: { state?: InvitationState | undefined; cursor?: string | undefined; limit: number },
) {
  await ownImport(deps.db, id, actor);
  const found = await repo.pageInvitations(deps.db, id, query.state, query.cursor ?? '', query.limit + 1);
  const page = found.slice(0, query.limit);
  return {
    items: page.map(view),
    next_cursor: found.length > query.limit ? page.at(-1)!.email : null,
    counts: await repo.countByState(deps.db, id),
  };
}

/** Back to the queue with no link: the old one stops working at once; the job makes the new one. */
async function requeue(tx: Tx, invitation: { id: string; token_hash: string | null }) {
  if (invitation.token_hash) await revokeSetPasswordLink(tx, invitation.token_hash);
  await repo.updateInvitation(tx, invitation.id, {
    token_hash: null,
    state: 'queued',
    opened_at: null,
    bounced_at: null,
    expires_at: null,
  });
}

export async function resendInvitation(
  deps: ClientImportDeps,
  actor: Actor,
  id: string,
  invitationId: string,
  kick: () => void,
) {
  const row = await deps.db.transaction(async (tx) => {
    await committedImport(tx, id, actor);
    const invitation = await repo.findInvitation(tx, id, invitationId, { lock: true });
    if (!invitation) throw new AppError('not_found', T.step.notFound);
    const current = await repo.invitationView(tx, id, invitationId);
    if (current?.state === 'joined') throw new AppError('conflict', T.step.joined);
    await requeue(tx, invitation);
    await enqueue(tx, [invitationId]);
    return (await repo.invitationView(tx, id, invitationId))!;
  });
  kick();
  return view(row);
}

export async function resendUnopened(deps: ClientImportDeps, actor: Actor, id: string, kick: () => void) {
  const count = await deps.db.transaction(async (tx) => {
    await committedImport(tx, id, actor, { lock: true });
    const unopened = await repo.unopenedInvitations(tx, id);
    for (const inv of unopened) {
      const row = await repo.findInvitation(tx, id, inv.id, { lock: true });
      if (row) await requeue(tx, row);
    }
    await enqueue(
      tx,
      unopened.map((u) => u.id),
    );
    return unopened.length;
  });
  if (count) kick();
  return { queued: count, skipped: 0 };
}

/**
 * The invitee's set-password page asks about its link: good (unused, unexpired, not replaced by a resend) or not.
 * Opening a good link marks its invitation opened, once.
 */
export async function openInvitation(deps: ClientImportDeps, token: string) {
  const tokenHash = setPasswordTokenHash(deps, token);
  return deps.db.transaction(async (tx) => {
    const invitation = await repo.findByTokenHash(tx, tokenHash);
    if (!invitation || !(await isSetPasswordLinkLive(tx, tokenHash))) return { valid: false };
    if (!invitation.opened_at) await repo.updateInvitation(tx, invitation.id, { opened_at: new Date() });
    return { valid: true };
  });
}

/** Exported for the send job: a fresh link for a queued invitation (its old one, if any, ended). */
export async function newLink(
  deps: Pick<ClientImportDeps, 'sessionSecret'>,
  tx: Tx,
  invitation: { id: string; user_id: string; token_hash: string | null },
) {
  if (invitation.token_hash) await revokeSetPasswordLink(tx, invitation.token_hash);
  const link = await issueSetPasswordLink(deps, tx, invitation.user_id);
  await repo.updateInvitation(tx, invitation.id, { token_hash: link.tokenHash, expires_at: link.expiresAt });
  return link;
}
