import type { DocumentRequest, RequestFile } from '@taxportal/contract';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { proposalsForRequests, requestFile } from '../documents/index.ts';
import type { RequestRow } from './requests.repository.ts';

/**
 * A request as its reader sees it: the file that fulfilled it (not to a customer if staff keep it internal) and who
 * matched it; to the customer, the upload proposed for it while open.
 */
export const toDocumentRequest = (
  r: RequestRow,
  reader: { staff: boolean; proposal?: RequestFile | undefined } = { staff: true },
): DocumentRequest => {
  const file =
    r.fulfilled_document_id &&
    r.fulfilled_file_name &&
    r.fulfilled_file_at &&
    (reader.staff || r.fulfilled_file_visibility !== 'internal')
      ? requestFile({
          id: r.fulfilled_document_id,
          file_name: r.fulfilled_file_name,
          created_at: r.fulfilled_file_at,
          document_type_name: r.fulfilled_file_type_name,
        })
      : null;
  return {
    id: r.id,
    ticket_id: r.ticket_id,
    ticket_name: r.ticket_name,
    customer_id: r.customer_id,
    label: r.label,
    document_type_id: r.document_type_id,
    document_type_name: r.document_type_name,
    note: r.note,
    status: r.status,
    source: r.source,
    requested_by_name: r.requested_by_name,
    fulfilled_document_id: r.fulfilled_document_id,
    fulfilled_at: r.fulfilled_at?.toISOString() ?? null,
    fulfilled_document: r.status === 'fulfilled' ? file : null,
    matched_via: r.status === 'fulfilled' ? r.fulfilled_via : null,
    matched_by_name: r.status === 'fulfilled' ? r.fulfilled_by_name : null,
    proposed_document: r.status === 'open' && !reader.staff ? (reader.proposal ?? null) : null,
    reminders_sent: Number(r.reminders_sent),
    next_reminder_at: r.status === 'open' ? (r.next_reminder_at?.toISOString() ?? null) : null,
    created_at: r.created_at.toISOString(),
  };
};

/**
 * Requests for `auth`: the customer's own open ones carry the upload of theirs the vault proposes for each (a request
 * of a ticket they share with someone else gets none: a proposal names one person's uploads).
 */
export async function requestsFor(db: Tx, auth: AuthContext, rows: RequestRow[]): Promise<DocumentRequest[]> {
  const staff = isStaff(auth);
  const asksMe = rows.some((r) => r.status === 'open' && r.customer_id === auth.user.id);
  const proposals = staff || !asksMe ? new Map<string, RequestFile>() : await proposalsForRequests(db, auth.user.id);
  return rows.map((r) => toDocumentRequest(r, { staff, proposal: proposals.get(r.id) }));
}
