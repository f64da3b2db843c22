import { describe, expect, it } from 'vitest';
import type { Document } from '@taxportal/contract';
import { canPreview, groupDocuments, isFromTeam } from './vault-groups.ts';

const doc = (over: Partial<Document>): Document => ({
  id: Math.random().toString(36).slice(2),
  customer_id: 'c',
  ticket_id: null,
  ticket_name: null,
  document_type_id: null,
  document_type_name: null,
  kind: 'upload',
  visibility: 'shared',
  file_name: 'a.pdf',
  content_type: 'application/pdf',
  size_bytes: 1,
  sha256: 'x',
  has_thumbnail: false,
  request_id: null,
  uploaded_by: 'c',
  created_at: '2026-01-01T00:00:00Z',
  file_url: '/f',
  thumbnail_url: null,
  can_delete: true,
  proposed_request: null,
  ...over,
});

describe('groupDocuments', () => {
  it('groups by type and by ticket, the ungrouped last', () => {
    const docs = [
      doc({ document_type_id: 'w2', document_type_name: 'W-2', ticket_id: 't1', ticket_name: 'TD.0001' }),
      doc({}),
      doc({ document_type_id: '1099', document_type_name: '1099-INT', ticket_id: 't1', ticket_name: 'TD.0001' }),
      doc({ document_type_id: 'w2', document_type_name: 'W-2' }),
    ];
    expect(groupDocuments(docs, 'type', 'Other').map((g) => [g.label, g.docs.length])).toEqual([
      ['W-2', 2],
      ['1099-INT', 1],
      ['Other', 1],
    ]);
    expect(groupDocuments(docs, 'ticket', 'None').map((g) => [g.label, g.docs.length])).toEqual([
      ['TD.0001', 2],
      ['None', 2],
    ]);
  });

  it('tells what the team sent and what can be previewed', () => {
    expect(isFromTeam(doc({ kind: 'draft', visibility: 'private' }))).toBe(true);
    expect(isFromTeam(doc({}))).toBe(false);
    expect(canPreview({ content_type: 'image/heic' })).toBe(false);
    expect(canPreview({ content_type: 'image/png' })).toBe(true);
  });
});
