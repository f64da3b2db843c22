import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentListSchema, documentRequestSchema, type DocumentRequest } from '@taxportal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { TicketRequestsPanel } from './ticket-requests-panel.tsx';

afterEach(() => vi.restoreAllMocks());

const aRequest = (over: Partial<DocumentRequest>): DocumentRequest =>
  documentRequestSchema.parse({
    id: 'r1',
    ticket_id: 't1',
    ticket_name: 'TD.0001',
    customer_id: 'c1',
    label: 'W-2',
    document_type_id: 'type-w2',
    document_type_name: 'W-2',
    note: null,
    status: 'open',
    source: 'staff',
    requested_by_name: 'Parker Preparer',
    fulfilled_document_id: null,
    fulfilled_at: null,
    fulfilled_document: null,
    matched_via: null,
    matched_by_name: null,
    proposed_document: null,
    reminders_sent: 0,
    next_reminder_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    ...over,
  });

const file = (id: string, name: string) => ({
  id,
  file_name: name,
  created_at: '2026-03-02T10:00:00.000Z',
  file_url: `/api/v1/documents/${id}/file`,
});

const fulfilled = aRequest({
  status: 'fulfilled',
  fulfilled_document_id: 'd1',
  fulfilled_at: '2026-03-03T10:00:00.000Z',
  fulfilled_document: file('d1', 'w2-acme.pdf'),
  matched_via: 'proposal',
  matched_by_name: 'Casey Customer',
});
const open = aRequest({ id: 'r2', label: '1099-INT', document_type_id: 'type-int', document_type_name: '1099-INT' });

describe("the ticket's request checklist", () => {
  it("says the file's type when it is not the request's (staff matched another type)", async () => {
    const other = aRequest({
      ...fulfilled,
      id: 'r3',
      fulfilled_document: { ...file('d3', 'id-card.pdf'), document_type_name: 'Photo ID' },
      matched_via: 'staff',
    });
    mockApi({ 'GET /tickets/t1/document-requests': () => json(200, { items: [other, fulfilled] }) });
    renderWithProviders(<TicketRequestsPanel ticket={aTicketDetail()} isStaff />);
    const rows = await screen.findAllByTestId('request-fulfilled-by');
    expect(rows[0]).toHaveTextContent(/id-card\.pdf · uploaded .* · filed as Photo ID · matched by/);
    expect(rows[1]).not.toHaveTextContent('filed as');
  });

  it('shows which file fulfilled what and who matched it, and the upload proposed for an open request', async () => {
    const proposed = { ...open, proposed_document: file('d2', 'bank-interest.pdf') };
    const calls = mockApi({
      'GET /tickets/t1/document-requests': () => json(200, { items: [fulfilled, proposed] }),
      'POST /document-requests/r2/confirm': () =>
        json(200, { ...open, status: 'fulfilled', fulfilled_document_id: 'd2' }),
    });
    renderWithProviders(<TicketRequestsPanel ticket={aTicketDetail()} isStaff={false} />);

    const w2 = (await screen.findByText('W-2')).closest<HTMLElement>('[data-testid="document-request"]')!;
    const link = within(w2).getByRole('link', { name: 'Open w2-acme.pdf (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/api/v1/documents/d1/file?disposition=inline');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(w2).getByTestId('request-fulfilled-by')).toHaveTextContent(
      /Received .* · w2-acme\.pdf · uploaded .* · confirmed for this request by Casey Customer/,
    );
    // The customer has nothing to change on a fulfilled request (staff's tools are staff's).
    expect(within(w2).queryByRole('button')).toBeNull();

    const proposal = screen.getByRole('group', {
      name: 'bank-interest.pdf: This looks like the 1099-INT asked for here: use it for this request?',
    });
    await userEvent.click(within(proposal).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/document-requests/r2/confirm')).toBe(true),
    );
    expect(calls.find((c) => c.path === '/document-requests/r2/confirm')!.body).toEqual({ document_id: 'd2' });
    // The checklist is read again after the answer.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/tickets/t1/document-requests').length).toBeGreaterThan(1),
    );
  });

  it('declining a proposal says so to the server, and nothing else', async () => {
    const calls = mockApi({
      'GET /tickets/t1/document-requests': () =>
        json(200, { items: [{ ...open, proposed_document: file('d2', 'scan.pdf') }] }),
      'POST /document-requests/r2/decline': () => json(200, open),
    });
    renderWithProviders(<TicketRequestsPanel ticket={aTicketDetail()} isStaff={false} />);
    const proposal = await screen.findByTestId('request-proposal');
    await userEvent.click(within(proposal).getByRole('button', { name: 'Not this one' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/document-requests/r2/decline')).toBe(true));
    expect(calls.find((c) => c.path === '/document-requests/r2/decline')!.body).toEqual({ document_id: 'd2' });
    expect(calls.some((c) => c.path.endsWith('/confirm'))).toBe(false);
  });

  it("staff choose a request's file among the customer's uploads, or take it off with a reason", async () => {
    const docs = documentListSchema.parse({
      items: ['d1', 'd3'].map((id) => ({
        id,
        customer_id: 'c1',
        ticket_id: null,
        ticket_name: null,
        document_type_id: 'type-int',
        document_type_name: '1099-INT',
        kind: 'upload',
        visibility: 'shared',
        file_name: `${id}-interest.pdf`,
        content_type: 'application/pdf',
        size_bytes: 10,
        sha256: 'x',
        has_thumbnail: false,
        request_id: null,
        uploaded_by: 'c1',
        created_at: '2026-03-02T10:00:00.000Z',
        file_url: `/api/v1/documents/${id}/file`,
        thumbnail_url: null,
        can_delete: true,
        proposed_request: null,
      })),
      next_cursor: null,
    });
    const calls = mockApi({
      'GET /tickets/t1/document-requests': () =>
        json(200, { items: [{ ...fulfilled, matched_via: 'staff', matched_by_name: 'Parker Preparer' }, open] }),
      'GET /documents': () => json(200, docs),
      'PUT /document-requests/r2/document': () => json(200, open),
      'POST /document-requests/r1/unmatch': () => json(200, aRequest({})),
    });
    const user = userEvent.setup();
    renderWithProviders(<TicketRequestsPanel ticket={aTicketDetail()} isStaff />);
    expect(await screen.findByTestId('request-fulfilled-by')).toHaveTextContent(
      'matched by Parker Preparer (tax team)',
    );

    await user.click(screen.getByRole('button', { name: 'Choose the file: 1099-INT' }));
    const chooser = await screen.findByTestId('choose-request-file');
    await user.click(await within(chooser).findByRole('combobox', { name: "The customer's document" }));
    await user.click(await screen.findByRole('option', { name: /^d3-interest\.pdf/, hidden: true }));
    await user.click(within(chooser).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/document-requests/r2/document',
      body: { document_id: 'd3' },
    });
    expect(calls.find((c) => c.path === '/documents')!.query.get('customer_id')).toBe('c1');

    await user.click(screen.getByRole('button', { name: 'Take the file off: W-2' }));
    const unmatch = await screen.findByTestId('unmatch-request-file');
    await user.click(within(unmatch).getByRole('button', { name: 'Take the file off' }));
    expect(await within(unmatch).findByText('Say why this file does not fulfil the request')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/unmatch'))).toBe(false);
    await user.type(within(unmatch).getByRole('textbox', { name: /Reason/ }), 'The 2022 form');
    await user.click(within(unmatch).getByRole('button', { name: 'Take the file off' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/document-requests/r1/unmatch')).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/unmatch'))!.body).toEqual({ reason: 'The 2022 form' });
  });
});
