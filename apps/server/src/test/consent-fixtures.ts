import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { consents } from '../platform/db/schema.ts';
import type { TestApp } from './helper.ts';

/**
 * Tests only: a signed §7216 consent, inserted through the consents' drizzle schema (the consents feature's signing
 * ceremony is tested there; here only its result matters: a row activeConsent reads).
 */
export async function signedConsent(
  t: TestApp,
  c: {
    customerId: string;
    kind: 'use' | 'disclose';
    recipientEmail?: string;
    recipientName?: string;
    purpose?: string;
    expiresAt: Date;
    signedAt?: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(consents).values({
    id,
    customer_id: c.customerId,
    kind: c.kind,
    state: 'signed',
    preparer_name: 'Acme Tax LLP',
    taxpayer_names: JSON.stringify(['Test Customer']),
    purpose: c.purpose ?? (c.kind === 'use' ? 'Offers of other services' : 'Mortgage application'),
    information: 'Form 1040 for 2023',
    recipient_name: c.recipientName ?? null,
    recipient_email: c.recipientEmail ?? null,
    body: 'Consent text',
    signed_at: c.signedAt ?? new Date(c.expiresAt.getTime() - 365 * 86_400_000),
    expires_at: c.expiresAt,
    signature_name: 'Test Customer',
    signature_factor: 'password',
    text_sha256: 'a'.repeat(64),
  });
  return id;
}

/** The client revokes the consent (its row as the consents feature leaves it). */
export async function revokeConsentRow(t: TestApp, id: string, at: Date) {
  await t.database.db.update(consents).set({ state: 'revoked', revoked_at: at }).where(eq(consents.id, id));
}
