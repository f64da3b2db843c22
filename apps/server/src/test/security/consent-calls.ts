import { randomUUID } from 'node:crypto';
import { renderConsentDocument } from '@taxportal/contract';
import { consents, users } from '../../platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { PASSWORD } from '../helper.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * §7216 consents in the authorization matrix (docs/decisions/0034): each call gets a consent of the owner made in the
 * database, waiting for an answer (`sent`) or signed, so a call that answers, withdraws or revokes it uses up its own.
 * Another customer is given the owner's (404); staff may read and prepare but never answer for the client (403).
 */
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function ownerConsent(w: World, state: 'sent' | 'signed'): Promise<string> {
  const ownerId = w.callers.owner.userId!;
  const [owner] = await w.t.database.db.select().from(users).where(eq(users.id, ownerId));
  const fields = {
    kind: 'disclose' as const,
    preparer_name: 'Matrix Firm',
    taxpayer_names: [owner!.full_name],
    signer_name: owner!.full_name,
    purpose: 'Matrix purpose',
    information: 'Matrix information',
    recipient_name: 'Matrix Lender',
    recipient_email: 'lender@example.test',
    ends_on: null,
  };
  const id = randomUUID();
  const now = new Date();
  await w.t.database.db.insert(consents).values({
    id,
    customer_id: ownerId,
    kind: fields.kind,
    state,
    preparer_name: fields.preparer_name,
    taxpayer_names: JSON.stringify(fields.taxpayer_names),
    purpose: fields.purpose,
    information: fields.information,
    recipient_name: fields.recipient_name,
    recipient_email: fields.recipient_email,
    body: renderConsentDocument(fields),
    ...(state === 'signed'
      ? {
          signed_at: now,
          answered_at: now,
          expires_at: new Date(now.getTime() + YEAR_MS),
          signature_name: owner!.full_name,
          signature_factor: 'password',
          text_sha256: '0'.repeat(64),
        }
      : {}),
  });
  return id;
}

let shared: Promise<string> | null = null;
/** One sent consent of the owner, made once and only read. */
const readable = (w: World) => (shared ??= ownerConsent(w, 'sent'));
let sharedSigned: Promise<string> | null = null;
/** One signed consent of the owner, made once and only read (its PDF). */
const readableSigned = (w: World) => (sharedSigned ??= ownerConsent(w, 'signed'));

export const CONSENT_CALLS = {
  consent: (async (w) => ({ params: { id: await readable(w) } })) as CallFor,
  signedConsentRead: (async (w) => ({ params: { id: await readableSigned(w) } })) as CallFor,
  newConsent: ((w) => ({
    body: {
      customer_id: w.callers.owner.userId,
      kind: 'disclose',
      purpose: 'Mortgage application',
      information: 'The 2025 return as filed',
      recipient_name: 'Matrix Lender',
      recipient_email: 'lender@example.test',
      recipient_in_us: true,
    },
  })) as CallFor,
  openConsent: (async (w) => ({ params: { id: await ownerConsent(w, 'sent') } })) as CallFor,
  signedConsent: (async (w) => ({ params: { id: await ownerConsent(w, 'signed') } })) as CallFor,
  signConsent: (async (w, p) => {
    const [me] = w.callers[p].userId
      ? await w.t.database.db.select().from(users).where(eq(users.id, w.callers[p].userId!))
      : [];
    return {
      params: { id: await ownerConsent(w, 'sent') },
      body: { typed_name: me?.full_name ?? 'Nobody', factor: 'password', password: PASSWORD, agree: true },
    };
  }) as CallFor,
};
