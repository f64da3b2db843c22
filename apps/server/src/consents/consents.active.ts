import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../platform/db/client.ts';
import { consents } from '../platform/db/schema.ts';

export type ConsentKind = 'use' | 'disclose';

export interface ActiveConsent {
  id: string;
  purpose: string;
  recipient_name: string | null;
  recipient_email: string | null;
  /** ISO 8601. */
  expires_at: string;
}

/**
 * THE gate of §7216 (issue 33 item 4; docs/decisions/0034): the customer's consent of this kind that is in force at
 * `now` — signed, neither revoked nor past its `expires_at` — or null. For a disclosure, only a consent naming
 * `recipientEmail` (compared case-insensitively) counts; without one, any active consent to disclose does. Sent,
 * declined and withdrawn consents are never active. Of several, the one lasting longest.
 *
 * Callers check at each use (a share link on each open, an offer at each send): a revocation or an expiry takes
 * effect at once because nothing caches this answer. `onConsentEnded` tells those that want to know sooner.
 * It is `activeConsents` for one customer: one rule, one query.
 */
export async function activeConsent(
  db: Tx,
  q: { customerId: string; kind: ConsentKind; recipientEmail?: string; now: Date },
): Promise<ActiveConsent | null> {
  const { customerId, ...rest } = q;
  return (await activeConsents(db, { ...rest, customerIds: [customerId] })).get(customerId) ?? null;
}

/**
 * The same gate for many customers in one query (the offers' preview and send: docs/decisions/0035): each customer's
 * consent of this kind in force at `now`, by customer id; a customer without one is absent from the map.
 */
export async function activeConsents(
  db: Tx,
  q: { customerIds: readonly string[]; kind: ConsentKind; recipientEmail?: string; now: Date },
): Promise<Map<string, ActiveConsent>> {
  const found = new Map<string, ActiveConsent>();
  const ids = [...new Set(q.customerIds)];
  if (!ids.length) return found;
  const conditions = [
    inArray(consents.customer_id, ids),
    eq(consents.kind, q.kind),
    eq(consents.state, 'signed'),
    gt(consents.expires_at, q.now),
  ];
  if (q.kind === 'disclose' && q.recipientEmail !== undefined)
    conditions.push(sql`lower(${consents.recipient_email}) = lower(${q.recipientEmail.trim()})`);
  const rows = await db
    .selectDistinctOn([consents.customer_id], {
      customer_id: consents.customer_id,
      id: consents.id,
      purpose: consents.purpose,
      recipient_name: consents.recipient_name,
      recipient_email: consents.recipient_email,
      expires_at: consents.expires_at,
    })
    .from(consents)
    .where(and(...conditions))
    .orderBy(consents.customer_id, desc(consents.expires_at), consents.id);
  for (const { customer_id, ...row } of rows)
    if (row.expires_at) found.set(customer_id, { ...row, expires_at: row.expires_at.toISOString() });
  return found;
}

/**
 * The gate of a disclosure of a return filed by several taxpayers (a joint return: docs/decisions/0035). Under Treas.
 * Reg. §301.7216-3 the consent is each taxpayer's own (one per signer: decision 0034), so every filer whose
 * information is disclosed must hold an active consent to disclose naming this recipient. The consent answered is
 * the first filer's (its purpose and recipient), lasting only as long as the one that ends first; `missing`: the
 * filers without one, in the order given. One query for them all (activeConsents).
 */
export async function disclosureConsentOfAll(
  db: Tx,
  q: { customerIds: readonly string[]; recipientEmail: string; now: Date },
): Promise<{ consent: ActiveConsent | null; missing: string[] }> {
  const found = await activeConsents(db, { ...q, kind: 'disclose' });
  const missing = q.customerIds.filter((id) => !found.has(id));
  const first = q.customerIds[0] === undefined ? undefined : found.get(q.customerIds[0]);
  if (missing.length || !first) return { consent: null, missing };
  const ends = Math.min(...[...found.values()].map((c) => Date.parse(c.expires_at)));
  return { consent: { ...first, expires_at: new Date(ends).toISOString() }, missing };
}

/** What a dependent learns when a consent stops being in force by a person's act (revocation). */
export interface ConsentEnded {
  consentId: string;
  customerId: string;
  kind: ConsentKind;
  recipientEmail: string | null;
  reason: 'revoked';
}

type Listener = (event: ConsentEnded) => void | Promise<void>;
const listeners = new Set<Listener>();

/**
 * Subscribes to revocations (after their transaction commits), in this process; returns the unsubscribe. Not needed
 * for correctness — `activeConsent` at each use is the rule, and expiry emits nothing (it is a time, not an act) —
 * but lets a dependent tidy up early (e.g. mark its share links dead in its list). A listener's failure is logged by
 * the caller's logger and never undoes the revocation.
 */
export function onConsentEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener; failures are handed to `onError` (the request's logger), never thrown. */
export async function emitConsentEnded(event: ConsentEnded, onError: (err: unknown) => void): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(event);
    } catch (err) {
      onError(err);
    }
  }
}
