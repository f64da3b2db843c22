import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  REFERRAL_MESSAGES,
  type ReferralDashboard,
  type Language,
  type ReferralInvitationBody,
  type ReferralNode,
  type ReferralSettings,
  type ReferralSettingsBody,
  type ReferralTree,
  type ReferralTreeQuery,
} from '@taxportal/contract';
import { audit } from '../platform/audit.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import { hmacHex } from '../platform/crypto.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { textsIn, translate } from '../platform/i18n.ts';
import type { Mailer } from '../platform/mail/mail.ts';
import * as repo from './referrals.repository.ts';

export interface ReferralsDeps {
  db: Db;
  publicUrl: string;
  mailer: Mailer;
  /** Keys the HMAC of invited addresses. */
  sessionSecret: Buffer;
}

/** First-level referrals on the referral page. */
const FIRST_LEVEL_SHOWN = 100;
/** Nodes in one tree answer. */
const TREE_LIMIT = 1000;
/** Search matches in one answer. */
const SEARCH_LIMIT = 100;
/** E-mail invitations one customer may send a day: enough for friends, too few for spam. */
const INVITATIONS_PER_DAY = 20;

/** "Jane Doe" → "Jane D.": what a customer sees of the people below them. */
export function shortName(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const [first] = parts;
  if (!first) return '—';
  if (parts.length === 1) return first;
  const last = [...parts.at(-1)!][0]!;
  return `${first} ${last.toUpperCase()}.`;
}

/** Accepts the code as people copy it: any case, spaces or dashes; anything else is no code. */
export function normaliseCode(raw: string | undefined | null): string | null {
  const code = (raw ?? '').replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
}

/**
 * Registration through a link: records who referred the new customer. An unknown or malformed code is ignored
 * without a word (the registration answers the same, so codes cannot be probed); self-referral cannot happen
 * (the new account's code is new) and the database refuses it anyway; a person is referred once.
 */
export async function recordReferral(db: Tx, newUserId: string, rawCode: string | undefined | null): Promise<void> {
  const code = normaliseCode(rawCode);
  if (!code) return;
  const referrer = await repo.findReferrerByCode(db, code);
  if (!referrer || referrer.id === newUserId) return;
  if (await repo.insertReferral(db, newUserId, referrer.id)) {
    await audit(db, {
      actorId: newUserId,
      action: 'referral.recorded',
      entityType: 'user',
      entityId: newUserId,
      meta: { referrer_id: referrer.id },
    });
  }
}

/** SPEC's "referral id" in the session: a customer's code; staff refer no one. */
export async function referralCodeFor(db: Tx, auth: Pick<AuthContext, 'user' | 'roles'>): Promise<string | null> {
  if (!auth.roles.includes('Customer')) return null;
  return repo.referralCodeOf(db, auth.user.id);
}

/**
 * Billing calls this when a customer's card payment succeeds, in the payment's transaction. The first payment
 * of a referred customer is marked once (racing payments: the second finds it marked); then the reward due to
 * the referrer, when the rule is on, is returned for billing to credit. Null otherwise.
 */
export async function firstPaymentReward(
  tx: Tx,
  customerId: string,
): Promise<{ referrerId: string; referredId: string; amountCents: number } | null> {
  const marked = await repo.markFirstPayment(tx, customerId);
  if (!marked) return null;
  const settings = await repo.getSettings(tx);
  const amountCents = settings?.reward_cents ?? 0;
  return amountCents > 0 ? { referrerId: marked.referrer_id, referredId: customerId, amountCents } : null;
}

const linkOf = (deps: ReferralsDeps, code: string) => `${deps.publicUrl}/register?ref=${encodeURIComponent(code)}`;

export async function dashboard(deps: ReferralsDeps, auth: AuthContext): Promise<ReferralDashboard> {
  const code = await repo.ensureReferralCode(deps.db, auth.user.id);
  if (!code) throw notFound(MESSAGES.notFound);
  const [counts, first, settings, currency] = await Promise.all([
    repo.countsOf(deps.db, auth.user.id),
    repo.firstLevel(deps.db, auth.user.id, FIRST_LEVEL_SHOWN),
    repo.getSettings(deps.db),
    repo.currency(deps.db),
  ]);
  const reward = settings?.reward_cents ?? 0;
  return {
    code,
    link: linkOf(deps, code),
    counts,
    reward: reward > 0 ? { amount_cents: reward, currency } : null,
    referrals: first.map((r) => ({
      id: r.id,
      name: shortName(r.full_name),
      joined_at: r.created_at.toISOString(),
      paying: r.first_paid_at !== null,
    })),
  };
}

/**
 * The tree. A customer: their own branch from themself (or from one of their descendants), names shortened,
 * no e-mails, no search; a root outside it is 404. Staff: the whole tree (every top referrer) or any branch,
 * full names and e-mails, and search (which answers the matches with the path above them, root ignored).
 */
export async function tree(deps: ReferralsDeps, auth: AuthContext, q: ReferralTreeQuery): Promise<ReferralTree> {
  const staff = isStaff(auth);
  const term = q.q?.trim() ?? '';
  if (!staff && term) throw new AppError('forbidden', REFERRAL_MESSAGES.searchStaffOnly);
  if (staff && term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const found = await repo.search(deps.db, pattern, SEARCH_LIMIT);
    return {
      root_id: null,
      nodes: ordered(found.map((r) => nodeOf(r, { staff, rootId: null, match: r.match }))),
      truncated: false,
    };
  }
  let rootId: string | null;
  if (staff) {
    rootId = q.root ?? null;
    if (rootId && !(await repo.findPerson(deps.db, rootId))) throw notFound(MESSAGES.notFound);
  } else {
    rootId = q.root ?? auth.user.id;
    // Another branch is as unknown to this customer as an id that does not exist.
    if (!(await repo.isInBranch(deps.db, auth.user.id, rootId))) throw notFound(MESSAGES.notFound);
  }
  const found = await repo.branch(deps.db, rootId ? repo.topOf(rootId) : repo.everyTop(), TREE_LIMIT + 1);
  const self = staff ? null : auth.user.id;
  return {
    root_id: rootId,
    nodes: ordered(
      found.slice(0, TREE_LIMIT).map((r) => nodeOf(r, { staff, rootId, match: false, fullName: r.id === self })),
    ),
    truncated: found.length > TREE_LIMIT,
  };
}

function nodeOf(
  r: repo.NodeRow,
  o: { staff: boolean; rootId: string | null; match: boolean; fullName?: boolean },
): ReferralNode {
  return {
    id: r.id,
    // The top of what was asked for has no parent in the answer (a customer is not told who referred them).
    parent_id: r.id === o.rootId ? null : r.parent_id,
    name: o.staff || o.fullName ? r.full_name : shortName(r.full_name),
    email: o.staff ? r.email : null,
    joined_at: r.joined_at.toISOString(),
    paying: r.paying,
    referred_count: r.referred_count,
    match: o.match,
  };
}

/** Depth first, parents before children, siblings by when they joined (the rows come in that order). */
function ordered(nodes: ReferralNode[]): ReferralNode[] {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<string | null, ReferralNode[]>();
  for (const n of nodes) {
    const parent = n.parent_id && ids.has(n.parent_id) ? n.parent_id : null;
    if (parent === null) n.parent_id = null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: ReferralNode[] = [];
  const walk = (parent: string | null) => {
    for (const n of children.get(parent) ?? []) {
      out.push(n);
      walk(n.id);
    }
  };
  walk(null);
  return out;
}

/**
 * Mails the caller's link to a friend, with a fixed text (the caller cannot make the portal send their words).
 * The same answer whether or not the address has an account (no mail to an existing one) or was invited before
 * (no second mail); at most INVITATIONS_PER_DAY a day. `language`: the request's, which the mail (the friend has no
 * language saved) and the answer are written in.
 */
export async function invite(deps: ReferralsDeps, auth: AuthContext, body: ReferralInvitationBody, language: Language) {
  const sent = { message: translate(language, REFERRAL_MESSAGES.invitationSent) };
  const email = body.email.trim().toLowerCase();
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  if ((await repo.invitationsSince(deps.db, auth.user.id, since)) >= INVITATIONS_PER_DAY) {
    throw new AppError('rate_limited', MESSAGES.tooManyAttempts, { headers: { 'retry-after': '3600' } });
  }
  const code = await repo.ensureReferralCode(deps.db, auth.user.id);
  if (!code) throw notFound(MESSAGES.notFound);
  if (email === auth.user.email.toLowerCase() || (await repo.userExists(deps.db, email))) return sent;
  const id = randomUUID();
  const fresh = await repo.insertInvitation(deps.db, {
    id,
    referrer_id: auth.user.id,
    email_hash: hmacHex(deps.sessionSecret, `referral-invite:${email}`),
  });
  if (fresh) {
    await audit(deps.db, {
      actorId: auth.user.id,
      action: 'referral.invited',
      entityType: 'referral_invitation',
      entityId: id,
    });
    const t = textsIn(language);
    const name = auth.user.full_name;
    await deps.mailer.send({
      to: email,
      subject: t('account.referralInvitation.subject', { name }),
      text: [
        t('mail.helloNoName'),
        '',
        t('account.referralInvitation.body', { name }),
        t('account.referralInvitation.link', { link: linkOf(deps, code) }),
        '',
        t('account.referralInvitation.ignore'),
      ].join('\n'),
    });
  }
  return sent;
}

async function settingsView(db: Tx): Promise<ReferralSettings> {
  const row = await repo.getSettings(db);
  return {
    reward_cents: row?.reward_cents ?? 0,
    currency: await repo.currency(db),
    updated_at: row?.updated_at.toISOString() ?? null,
  };
}

export const getSettings = (deps: ReferralsDeps) => settingsView(deps.db);

export async function updateSettings(deps: ReferralsDeps, auth: AuthContext, body: ReferralSettingsBody) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.getSettings(tx);
    await repo.saveSettings(tx, body.reward_cents, auth.user.id);
    await audit(tx, {
      actorId: auth.user.id,
      action: 'referral.settings_updated',
      entityType: 'referral_settings',
      entityId: '1',
      meta: { reward_cents: body.reward_cents, before: before?.reward_cents ?? 0 },
    });
  });
  return settingsView(deps.db);
}
