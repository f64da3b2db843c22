import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aDraft, aTicketDetail } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DraftsSection } from './drafts-section.tsx';

const ticket = aTicketDetail({ id: 't1', name: 'TD.0009', status: 'Draft Ready' });
const draft = (version: number, over: Partial<Draft> = {}) => aDraft({ version, ...over });
const list = [
  draft(2, { label: 'CPA Reviewed' }),
  draft(1, { status: 'superseded', is_current: false, label: 'Sample only', superseded_by_version: 2 }),
];

describe('the drafts section', () => {
  it('shows every version with its label style; the customer reviews only the current one', async () => {
    mockApi({ 'GET /tickets/t1/drafts': () => json(200, { items: list }) });
    renderWithProviders(<DraftsSection ticket={ticket} isStaff={false} />);
    const rows = await screen.findAllByTestId('draft-row');
    expect(rows.map((r) => r.getAttribute('data-version'))).toEqual(['2', '1']);
    expect(within(rows[0]!).getByTestId('draft-label')).toHaveAttribute('data-badge', 'filing_in_progress');
    expect(within(rows[1]!).getByTestId('draft-label')).toHaveAttribute('data-badge', 'sample_only');
    expect(within(rows[0]!).getByTestId('draft-approve')).toBeInTheDocument();
    expect(within(rows[1]!).queryByTestId('draft-approve')).toBeNull();
    expect(within(rows[0]!).getByTestId('draft-status')).toHaveTextContent('Awaiting review');
    expect(within(rows[1]!).getByTestId('draft-status')).toHaveTextContent('Superseded by v2');
    expect(screen.queryByTestId('draft-upload-form')).toBeNull();
    expect(screen.queryByTestId('draft-label-select')).toBeNull();
  });

  it('sends the requested changes with the message', async () => {
    const calls = mockApi({
      'GET /tickets/t1/drafts': () => json(200, { items: list }),
      'POST /tickets/t1/drafts/d2/request-changes': () => json(200, draft(2, { status: 'changes_requested' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<DraftsSection ticket={ticket} isStaff={false} />);
    await user.click(await screen.findByTestId('draft-request-changes'));
    await user.type(await screen.findByTestId('draft-changes-message'), 'Wages are wrong');
    await user.click(screen.getByTestId('draft-changes-send'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({ body: { message: 'Wages are wrong' } }),
    );
  });

  it('gives staff the label choice and the upload form, never the review buttons', async () => {
    mockApi({ 'GET /tickets/t1/drafts': () => json(200, { items: list }) });
    renderWithProviders(<DraftsSection ticket={ticket} isStaff />);
    await screen.findAllByTestId('draft-row');
    expect(screen.getAllByTestId('draft-label-select')).toHaveLength(2);
    expect(await screen.findByTestId('draft-upload-form')).toBeInTheDocument(); // staff's form: a chunk of its own
    expect(screen.queryByTestId('draft-approve')).toBeNull();
  });

  it('a version the ticket moved past unreviewed reads "Not reviewed" with no review buttons, whatever the ticket prop says', async () => {
    // The ticket prop may lag a live status change; the server's word on the draft decides.
    mockApi({
      'GET /tickets/t1/drafts': () => json(200, { items: [draft(1, { status: 'not_reviewed' })] }),
    });
    const { unmount } = renderWithProviders(<DraftsSection ticket={ticket} isStaff={false} />);
    const [row] = await screen.findAllByTestId('draft-row');
    expect(within(row!).getByTestId('draft-status')).toHaveTextContent('Not reviewed');
    expect(within(row!).getByTestId('draft-not-reviewed')).toHaveTextContent(
      'The ticket moved on before you reviewed this version, so it can no longer be approved or sent back.',
    );
    expect(within(row!).queryByTestId('draft-approve')).toBeNull();
    expect(within(row!).queryByTestId('draft-request-changes')).toBeNull();
    expect(within(row!).getByTestId('draft-preview')).toBeInTheDocument();
    unmount();

    renderWithProviders(<DraftsSection ticket={ticket} isStaff />);
    expect(await screen.findByTestId('draft-not-reviewed')).toHaveTextContent(
      'The ticket left Draft Ready before the customer reviewed this version.',
    );
  });

  it('when the server refuses (409) it says why and shows the draft as it now is', async () => {
    let state: Draft = draft(1);
    const detail = 'The ticket moved on before this draft was reviewed: it can no longer be approved or sent back.';
    const calls = mockApi({
      'GET /tickets/t1/drafts': () => json(200, { items: [state] }),
      'POST /tickets/t1/drafts/d1/request-changes': () => {
        state = draft(1, { status: 'not_reviewed' });
        return json(409, { type: 'about:blank', title: 'Conflict', status: 409, detail });
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<DraftsSection ticket={ticket} isStaff={false} />);
    await user.click(await screen.findByTestId('draft-request-changes'));
    await user.type(await screen.findByTestId('draft-changes-message'), 'Wages are wrong');
    await user.click(screen.getByTestId('draft-changes-send'));
    expect(await screen.findByText(detail)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('draft-changes-message')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent('Not reviewed'));
    expect(screen.queryByTestId('draft-request-changes')).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/tickets/t1/drafts').length).toBeGreaterThan(1);
  });
});
