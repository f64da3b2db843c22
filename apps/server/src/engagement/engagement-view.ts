import {
  ENGAGEMENT_MESSAGES as M,
  MAX_SIGNING_FAILURES,
  type Letter,
  type LetterState,
  type SignerRole,
} from '@taxportal/contract';
import { depositStateOf } from '../billing/index.ts';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { notFound } from '../platform/errors.ts';
import { isStrictIdentity, ownFactorsOf } from '../signing/index.ts';
import type { EngagementDeps } from './engagement.deps.ts';
import * as repo from './engagement.repository.ts';
import type { LetterRow, SignerRow } from './engagement.repository.ts';

/**
 * A letter as its reader sees it (docs/decisions/0036): who may see one (staff; its client and, on a joint letter,
 * the spouse, never a draft; anyone else 404), its state read against the clock (an open letter past `expires_at`
 * is expired, whether or not the scan has written it yet) and the reader's part to sign.
 */

/** The state now: sent or viewed past its expiry reads expired. */
export function stateAt(row: Pick<LetterRow, 'state' | 'expires_at'>, now: Date): LetterState {
  const open = row.state === 'sent' || row.state === 'viewed';
  return open && row.expires_at && row.expires_at.getTime() <= now.getTime() ? 'expired' : (row.state as LetterState);
}

/** The part `userId` signs: the client's, or a joint letter's spouse's; null for anyone else. */
export function partOf(row: Pick<LetterRow, 'customer_id' | 'spouse_id'>, userId: string): SignerRole | null {
  if (row.customer_id === userId) return 'taxpayer';
  if (row.spouse_id === userId) return 'spouse';
  return null;
}

/** The letter `id` if the caller may see it (staff: any; a client: theirs, sent), else 404. */
export async function visibleLetter(db: Tx, auth: AuthContext, id: string, opts: { lock?: boolean } = {}) {
  const row = await repo.findLetter(db, id, opts);
  if (!row) throw notFound(M.letterNotFound);
  if (isStaff(auth)) return row;
  if (partOf(row, auth.user.id) === null || row.state === 'draft') throw notFound(M.letterNotFound);
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function letterView(deps: EngagementDeps, auth: AuthContext, row: LetterRow): Promise<Letter> {
  const db = deps.db;
  const staff = isStaff(auth);
  const signers: SignerRow[] = await repo.signersOf(db, row.id);
  const customer = await repo.person(db, row.customer_id);
  const ticket = row.ticket_id ? await repo.ticketForLetter(db, row.ticket_id) : null;
  const state = stateAt(row, deps.now());
  const part = staff ? null : partOf(row, auth.user.id);
  const mine = signers.find((s) => s.role === part);
  const isLocked = (s: SignerRow) => !s.signed_at && s.failures >= MAX_SIGNING_FAILURES;
  const canSign =
    part !== null && (state === 'sent' || state === 'viewed') && !!mine && !mine.signed_at && !isLocked(mine);
  const strict = canSign ? await isStrictIdentity(db) : false;
  return {
    id: row.id,
    state,
    ticket_id: row.ticket_id,
    ticket_name: ticket?.name ?? null,
    customer_id: row.customer_id,
    customer_name: customer?.full_name ?? '',
    tax_year: row.tax_year,
    template_id: row.template_id,
    template_version: row.template_version,
    body_html: row.body_html,
    sha256: row.sha256,
    services: row.services as Letter['services'],
    total_cents: row.total_cents,
    deposit_cents: row.deposit_cents,
    deposit_invoice_id: row.deposit_invoice_id,
    deposit: row.deposit_invoice_id ? await depositStateOf(db, row.deposit_invoice_id) : null,
    joint: row.spouse_id !== null,
    signers: signers.map((s) => ({
      role: s.role as SignerRole,
      name: s.name,
      signed_at: iso(s.signed_at),
      method: s.method as Letter['signers'][number]['method'],
      factor: s.factor as Letter['signers'][number]['factor'],
      // Where it was signed from, as the certificate prints it: to staff and to that signer, not to the other spouse.
      ip: staff || s.role === part ? s.ip : null,
      locked: isLocked(s),
    })),
    sent_at: iso(row.sent_at),
    viewed_at: iso(row.viewed_at),
    signed_at: iso(row.signed_at),
    declined_at: iso(row.declined_at),
    decline_reason: row.decline_reason,
    voided_at: iso(row.voided_at),
    expires_at: iso(row.expires_at),
    last_reminded_at: iso(row.last_reminded_at),
    signed_document_id: row.signed_document_id,
    signs_as: canSign ? part : null,
    factors: canSign ? { strict, ...(await ownFactorsOf(deps, auth.user.id, strict)) } : null,
    created_at: row.created_at.toISOString(),
  };
}
