import type { Document } from '@taxportal/contract';

export type GroupBy = 'type' | 'ticket';
export interface DocumentGroup {
  key: string;
  label: string;
  docs: Document[];
}

/**
 * Documents grouped by type or by ticket, groups in order of their newest document (the list comes newest
 * first), documents without a type or ticket last under `fallback`.
 */
export function groupDocuments(docs: Document[], by: GroupBy, fallback: string): DocumentGroup[] {
  const groups = new Map<string, DocumentGroup>();
  for (const d of docs) {
    const key = (by === 'type' ? d.document_type_id : d.ticket_id) ?? '';
    const label = (by === 'type' ? d.document_type_name : d.ticket_name) ?? fallback;
    const g = groups.get(key) ?? { key, label: key ? label : fallback, docs: [] };
    g.docs.push(d);
    groups.set(key, g);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.key), ...all.filter((g) => !g.key)];
}

/** What staff sent the customer (drafts, the final return) goes in its own part of the vault. */
export const isFromTeam = (d: Document): boolean => d.visibility !== 'shared' || d.kind !== 'upload';

/** Browsers show these inline; anything else (HEIC) is download only. */
export const canPreview = (d: Pick<Document, 'content_type'>): boolean =>
  ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'].includes(d.content_type);
