import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentSchema, type Document } from '@taxportal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { VaultDocumentDialogs } from './vault-document-dialogs.tsx';

afterEach(() => vi.restoreAllMocks());

const aDocument = (over: Partial<Document>): Document =>
  documentSchema.parse({
    id: 'd1',
    customer_id: 'c1',
    ticket_id: null,
    ticket_name: null,
    document_type_id: 'type-w2',
    document_type_name: 'W-2',
    kind: 'upload',
    visibility: 'shared',
    file_name: 'w2-globex.pdf',
    content_type: 'application/pdf',
    size_bytes: 10,
    sha256: 'x',
    has_thumbnail: false,
    request_id: null,
    uploaded_by: 'c1',
    created_at: '2026-03-02T10:00:00.000Z',
    file_url: '/api/v1/documents/d1/file',
    thumbnail_url: null,
    can_delete: true,
    proposed_request: null,
    ...over,
  });

describe("the vault's delete confirmation", () => {
  it('says which requests the file fulfils, and sends one DELETE however often Ok is clicked', async () => {
    const calls = mockApi({ 'DELETE /documents/d1': () => new Response(null, { status: 204 }) });
    const done = vi.fn();
    renderWithProviders(
      <VaultDocumentDialogs
        preview={null}
        deleting={aDocument({ fulfils_requests: [{ id: 'r1', label: 'W-2 (Globex)' }] })}
        onPreviewClose={() => {}}
        onDeleteDone={done}
      />,
    );
    const dialog = await screen.findByTestId('confirm-delete');
    expect(dialog).toHaveTextContent(
      'Delete w2-globex.pdf? This cannot be undone. This file was received for: W-2 (Globex). Deleting it asks for it again.',
    );
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(done).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says nothing of requests for a file that fulfils none', async () => {
    mockApi({});
    renderWithProviders(
      <VaultDocumentDialogs
        preview={null}
        deleting={aDocument({ fulfils_requests: [] })}
        onPreviewClose={() => {}}
        onDeleteDone={() => {}}
      />,
    );
    expect(await screen.findByTestId('confirm-delete')).not.toHaveTextContent('received for');
  });
});
