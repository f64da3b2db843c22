import type { ConsentDetail, ConsentFactor, ConsentKind, ConsentStatus, ConsentSummary } from '@taxportal/contract';
import type { ConsentRow } from './consents.repository.ts';

const DAY_MS = 86_400_000;

/**
 * When a stated last day ends: midnight UTC after it. In every US time zone that is still on that day (7 p.m. in New
 * York), so a consent never lasts past the date the taxpayer read, anywhere the firm's clients are.
 */
export const endOfDay = (isoDay: string): Date => new Date(Date.parse(`${isoDay}T00:00:00Z`) + DAY_MS);

/** A signed consent's end: the stated day's end, else one year from the signature (Rev. Proc. 2013-14 5.04(1)). */
export function expiresAtFor(signedAt: Date, endsOn: string | null): Date {
  if (endsOn) return endOfDay(endsOn);
  const d = new Date(signedAt);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}

/** The status a person reads now: the stored state, or `expired` once its time has passed (never stored). */
export function statusOf(row: Pick<ConsentRow, 'state' | 'expires_at' | 'ends_on'>, now: Date): ConsentStatus {
  if (row.state === 'signed' && row.expires_at && row.expires_at <= now) return 'expired';
  if (row.state === 'sent' && row.ends_on && endOfDay(row.ends_on) <= now) return 'expired';
  return row.state as ConsentStatus;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function summaryOf(row: ConsentRow, now: Date): ConsentSummary {
  return {
    id: row.id,
    kind: row.kind as ConsentKind,
    status: statusOf(row, now),
    customer: { id: row.customer_id, full_name: row.customer_name, email: row.customer_email },
    purpose: row.purpose,
    recipient_name: row.recipient_name,
    recipient_email: row.recipient_email,
    ends_on: row.ends_on,
    created_at: row.created_at.toISOString(),
    signed_at: iso(row.signed_at),
    expires_at: iso(row.expires_at),
    answered_at: iso(row.answered_at),
    revoked_at: iso(row.revoked_at),
    withdrawn_at: iso(row.withdrawn_at),
  };
}

export function detailOf(
  row: ConsentRow,
  now: Date,
  signing?: { sign_with: ConsentFactor[]; phone: string | null },
): ConsentDetail {
  return {
    ...summaryOf(row, now),
    preparer_name: row.preparer_name,
    taxpayer_names: JSON.parse(row.taxpayer_names) as string[],
    information: row.information,
    body: row.body,
    signature:
      row.signed_at && row.signature_name && row.signature_factor && row.text_sha256
        ? {
            name: row.signature_name,
            signed_at: row.signed_at.toISOString(),
            factor: row.signature_factor as ConsentFactor,
            ip: row.signature_ip,
            user_agent: row.signature_user_agent,
            text_sha256: row.text_sha256,
          }
        : null,
    ...(signing ?? {}),
  };
}
