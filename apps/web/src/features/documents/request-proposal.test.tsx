import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentSchema, type Document } from '@taxportal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RequestProposals } from './request-proposal.tsx';

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
    file_name: 'w2-acme.pdf',
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

describe('the vault proposes an upload for the open request it looks like', () => {
  it('asks about each proposed upload only, and confirming fulfils that request with it', async () => {
    const calls = mockApi({
      'POST /document-requests/r9/confirm': () => json(200, {}),
    });
    renderWithProviders(
      <RequestProposals
        docs={[
          aDocument({ proposed_request: { id: 'r9', label: 'W-2', ticket_id: 't2', ticket_name: 'TD.0002' } }),
          aDocument({ id: 'd2', file_name: 'receipt.jpg' }),
        ]}
      />,
    );
    const proposals = screen.getAllByTestId('request-proposal');
    expect(proposals).toHaveLength(1);
    const proposal = screen.getByRole('group', {
      name: 'w2-acme.pdf: This looks like the W-2 asked for on TD.0002: use it for that request?',
    });
    await userEvent.click(within(proposal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/document-requests/r9/confirm')).toBe(true));
    expect(calls[0]!.body).toEqual({ document_id: 'd1' });
    expect(await screen.findByText('W-2: received.')).toBeInTheDocument();
  });

  it('says why a confirmation failed (the request fulfilled meanwhile), and can be answered again', async () => {
    mockApi({
      'POST /document-requests/r9/confirm': () =>
        json(409, {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'This request is already fulfilled.',
        }),
    });
    renderWithProviders(
      <RequestProposals
        docs={[aDocument({ proposed_request: { id: 'r9', label: 'W-2', ticket_id: 't2', ticket_name: 'TD.0002' } })]}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await userEvent.click(confirm);
    expect(await screen.findByText('This request is already fulfilled.')).toBeInTheDocument();
    await waitFor(() => expect(confirm).toBeEnabled());
  });

  it('shows nothing when no upload is proposed', () => {
    mockApi({});
    const { container } = renderWithProviders(<RequestProposals docs={[aDocument({})]} />);
    expect(container.querySelector('[data-testid="request-proposals"]')).toBeNull();
  });
});
