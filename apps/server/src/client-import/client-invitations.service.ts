import { randomUUID } from 'node:crypto';
import {
  type ClientInvitation,
  type InvitationChannel,
  type InvitationState,
  INVITATION_RESEND_WINDOW_SECONDS,
} from '@taxportal/contract';
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
import type { clientInvitations } from '../platform/db/schema.ts';

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
  not_sent_reason: r.state === 'not_sent' && r.not_sent_reason === repo.MAIL_UNREACHABLE ? repo.MAIL_UNREACHABLE : null,
});

/** Whether the portal delivers by each channel now (SMTP, Twilio), to a client with or without a phone. */
const deliverable = (deps: ClientImportDeps, phone: string | null): Record<InvitationChannel, boolean> => ({
  email: !!deps.config.SMTP_URL,
  sms: deps.sms?.kind === 'twilio' && phone !== null,
});

/**
 * Exported for its test. The channel a resend goes by: the one asked for, else the invitation's own while the portal delivers by it, else
 * the other one if the portal delivers by that (a text first sent on a portal without Twilio goes by e-mail now).
 */
export function resendChannel(
  deps: ClientImportDeps,
  invitation: { channel: string; phone: string | null },
  asked?: InvitationChannel,
): InvitationChannel {
  if (asked) return asked;
  const own: InvitationChannel = invitation.channel === 'sms' ? 'sms' : 'email';
  const other: InvitationChannel = own === 'sms' ? 'email' : 'sms';
  const can = deliverable(deps, invitation.phone);
  return !can[own] && can[other] ? other : own;
}

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
 * invited by this import already (but an invitation never delivered, not_sent, or bounced by the other channel: it
 * goes again by this one), those who joined, and (by text) those without a phone.
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
    const values: (typeof clientInvitations.$inferInsert)[] = [];
    const again: string[] = [];
    for (const p of chosen) {
      if (p.joined || (body.channel === 'sms' && p.phone === null)) continue;
      const before = invited.get(p.user_id);
      if (!before)
        values.push({ id: randomUUID(), import_id: id, user_id: p.user_id, channel: body.channel, state: 'queued' });
      // Never delivered (no transport then), or refused by the other channel: invited again by this one.
      else if (before.state === 'not_sent' || (before.state === 'bounced' && before.channel !== body.channel)) {
        const row = await repo.findInvitation(tx, id, before.id, { lock: true });
        if (!row) continue;
        await requeue(tx, row, body.channel);
        again.push(row.id);
      }
    }
    await repo.insertInvitations(tx, values);
    const queued = [...values.map((v) => v.id!), ...again];
    await enqueue(tx, queued);
    await audit(tx, {
      actorId: actor.userId,
      action: 'client_import.invited',
      entityType: 'client_import',
      entityId: id,
      ip: actor.ip,
    });
    return { queued: queued.length, skipped: (wanted ? wanted.size : people.length) - queued.length };
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
    // As the mailer decides (platform/mail: SMTP when SMTP_URL is set) and the texts' provider is.
    delivery: { email: !!deps.config.SMTP_URL, sms: deps.sms?.kind === 'twilio' },
  };
}

/** Back to the queue with no link: the old one stops working at once; the job makes the new one. */
async function requeue(tx: Tx, invitation: { id: string; token_hash: string | null }, channel: InvitationChannel) {
  if (invitation.token_hash) await revokeSetPasswordLink(tx, invitation.token_hash);
  await repo.updateInvitation(tx, invitation.id, {
    token_hash: null,
    channel,
    not_sent_reason: null,
    state: 'queued',
    opened_at: null,
    bounced_at: null,
    expires_at: null,
  });
}

/**
 * Whether a resend now would change nothing but kill a link just delivered (a double click, two Admins at once): the
 * invitation is still being sent, or was delivered less than INVITATION_RESEND_WINDOW_SECONDS ago.
 */
function sendingOrJustSent(invitation: { state: string; sent_at: Date | null }, now = Date.now()) {
  if (invitation.state === 'queued') return true;
  return (
    invitation.state === 'sent' &&
    invitation.sent_at !== null &&
    now - invitation.sent_at.getTime() < INVITATION_RESEND_WINDOW_SECONDS * 1000
  );
}

/**
 * Sends an invitation again with a new link (the old one ends at once). Idempotent for a short while: while it is
 * being sent, or within a minute of its delivery, it answers the invitation as it is and sends nothing, so the link
 * in the latest message always works. By `channel` if asked (by text without a phone: 409), else as resendChannel
 * says. Joined: 409.
 */
export async function resendInvitation(
  deps: ClientImportDeps,
  actor: Actor,
  id: string,
  invitationId: string,
  kick: () => void,
  channel?: InvitationChannel,
) {
  if (channel === 'sms' && !deps.sms) throw new AppError('conflict', T.step.smsOff);
  const { row, requeued } = await deps.db.transaction(async (tx) => {
    await committedImport(tx, id, actor);
    const invitation = await repo.findInvitation(tx, id, invitationId, { lock: true });
    if (!invitation) throw new AppError('not_found', T.step.notFound);
    const current = await repo.invitationView(tx, id, invitationId);
    if (current?.state === 'joined') throw new AppError('conflict', T.step.joined);
    if (sendingOrJustSent(invitation)) return { row: current!, requeued: false };
    if (channel === 'sms' && !current!.phone) throw new AppError('conflict', T.step.noPhone);
    await requeue(tx, invitation, resendChannel(deps, current!, channel));
    await enqueue(tx, [invitationId]);
    return { row: (await repo.invitationView(tx, id, invitationId))!, requeued: true };
  });
  if (requeued) kick();
  return view(row);
}

/** Sends again every invitation not opened, but those sent within the last minute (resendInvitation's rule). */
export async function resendUnopened(deps: ClientImportDeps, actor: Actor, id: string, kick: () => void) {
  const result = await deps.db.transaction(async (tx) => {
    await committedImport(tx, id, actor, { lock: true });
    const unopened = await repo.unopenedInvitations(tx, id);
    const requeued: string[] = [];
    for (const inv of unopened) {
      const row = await repo.findInvitation(tx, id, inv.id, { lock: true });
      if (!row || sendingOrJustSent(row)) continue;
      await requeue(tx, row, resendChannel(deps, inv));
      requeued.push(row.id);
    }
    await enqueue(tx, requeued);
    return { queued: requeued.length, skipped: unopened.length - requeued.length };
  });
  if (result.queued) kick();
  return result;
}

/**
 * The invitee's set-password page asks about its link: good (unused, unexpired, not replaced by a resend) or not.
 * Opening a good link marks its invitation opened, once.
 */
export async function openInvitation(deps: ClientImportDeps, token: string) {
  const tokenHash = setPasswordTokenHash(deps, token);
  return deps.db.transaction(async (tx) => {
    const invitation = await repo.findByTokenHash(tx, tokenHash);
    if (!invitation) return { valid: false, joined: false };
    if (!(await isSetPasswordLinkLive(tx, tokenHash)))
      return { valid: false, joined: await repo.hasJoined(tx, invitation.user_id) };
    if (!invitation.opened_at) await repo.updateInvitation(tx, invitation.id, { opened_at: new Date() });
    return { valid: true, joined: false };
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
