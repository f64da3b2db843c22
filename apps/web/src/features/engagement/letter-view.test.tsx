import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Letter } from '@taxportal/contract';
import { Route, Routes } from 'react-router';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { addEngagementTexts } from './i18n.ts';
import { LettersPage } from './letters-page.tsx';
import { LetterView } from './letter-view.tsx';

addEngagementTexts();

const letter = (over: Partial<Letter> = {}): Letter => ({
  id: 'l1',
  state: 'viewed',
  ticket_id: 't1',
  ticket_name: 'TD.0001',
  customer_id: 'c1',
  customer_name: 'Dana Client',
  tax_year: 2025,
  template_id: 'tp1',
  template_version: 1,
  body_html: '<p>Dear $&amp; &lt;b&gt;x&lt;/b&gt;,</p>',
  sha256: 'a'.repeat(64),
  services: [{ name: 'Return', fee_cents: 35_000 }],
  total_cents: 35_000,
  deposit_cents: 10_000,
  deposit_invoice_id: null,
  deposit: null,
  joint: false,
  signers: [
    { role: 'taxpayer', name: 'Dana Client', signed_at: null, method: null, factor: null, ip: null, locked: false },
  ],
  sent_at: '2026-01-05T10:00:00.000Z',
  viewed_at: '2026-01-05T11:00:00.000Z',
  signed_at: null,
  declined_at: null,
  decline_reason: null,
  voided_at: null,
  expires_at: '2026-02-04T10:00:00.000Z',
  last_reminded_at: null,
  signed_document_id: null,
  signs_as: 'taxpayer',
  factors: { strict: true, available: ['totp'], phone: null },
  created_at: '2026-01-05T10:00:00.000Z',
  ...over,
});

describe('LetterView', () => {
  it('shows the letter as the server escaped it, and asks the client for their code before signing', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Customer'] })),
      'POST /engagement-letters/l1/confirm': () =>
        json(200, { confirmation: 'tok', expires_at: '2026-01-05T11:15:00Z' }),
    });
    renderWithProviders(<LetterView letter={letter()} staff={false} />);
    expect(screen.getByTestId('letter-body').textContent).toBe('Dear $& <b>x</b>,');
    expect(screen.getByTestId('letter-body').querySelector('b')).toBeNull();
    expect(screen.getByText('Deposit: $100.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('letter-code'), '123456');
    await user.click(screen.getByTestId('letter-confirm'));
    expect(await screen.findByTestId('letter-signer-name')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ factor: 'totp', code: '123456' });
    expect(screen.queryByTestId('letter-void')).toBeNull();
  });

  it('gives staff Void on an open letter and nothing to sign; a client without a factor is told to set one up', () => {
    mockApi({ 'GET /auth/session': () => json(200, aSession({ roles: ['Tax Preparer'] })) });
    const { unmount } = renderWithProviders(<LetterView letter={letter({ signs_as: null, factors: null })} staff />);
    expect(screen.getByTestId('letter-void')).toBeInTheDocument();
    expect(screen.queryByTestId('letter-sign')).toBeNull();
    unmount();
    renderWithProviders(
      <LetterView letter={letter({ factors: { strict: true, available: [], phone: null } })} staff={false} />,
    );
    expect(screen.getByTestId('letter-no-factor')).toBeInTheDocument();
  });

  it('tells the client and staff of a part locked by wrong codes, and offers staff Void', () => {
    mockApi({ 'GET /auth/session': () => json(200, aSession({ roles: ['Customer'] })) });
    const lockedSigner = {
      role: 'taxpayer' as const,
      name: 'Dana Client',
      signed_at: null,
      method: null,
      factor: null,
      ip: null,
      locked: true,
    };
    const { unmount } = renderWithProviders(
      <LetterView letter={letter({ signers: [lockedSigner], signs_as: null, factors: null })} staff={false} />,
    );
    expect(screen.getByTestId('letter-locked')).toHaveTextContent(
      'Too many wrong codes. Ask your tax preparer to send the letter again.',
    );
    expect(screen.queryByTestId('letter-confirm')).toBeNull();
    unmount();
    renderWithProviders(
      <LetterView letter={letter({ signers: [lockedSigner], signs_as: null, factors: null })} staff />,
    );
    expect(screen.getByTestId('letter-locked')).toHaveTextContent('Dana Client entered too many wrong codes');
    expect(screen.getByTestId('letter-void')).toBeInTheDocument();
  });

  it('shows a signed letter’s deposit due with Pay deposit for the client, paid without it, and no button for staff', () => {
    mockApi({ 'GET /auth/session': () => json(200, aSession({ roles: ['Customer'] })) });
    const signed = (status: 'due' | 'paid') =>
      letter({
        state: 'signed',
        signs_as: null,
        factors: null,
        deposit_invoice_id: 'inv1',
        deposit: { invoice_id: 'inv1', name: 'SINV-2026-00009', amount_cents: 10_000, currency: 'USD', status },
      });
    const { unmount } = renderWithProviders(<LetterView letter={signed('due')} staff={false} />);
    expect(screen.getByTestId('letter-deposit')).toHaveTextContent('Deposit SINV-2026-00009: $100.00');
    expect(screen.getByTestId('letter-deposit-state')).toHaveTextContent('Deposit due');
    expect(screen.getByTestId('letter-deposit-pay')).toHaveTextContent('Pay deposit');
    unmount();
    const paid = renderWithProviders(<LetterView letter={signed('paid')} staff={false} />);
    expect(screen.getByTestId('letter-deposit-state')).toHaveTextContent('Deposit paid');
    expect(screen.queryByTestId('letter-deposit-pay')).toBeNull();
    paid.unmount();
    renderWithProviders(<LetterView letter={signed('due')} staff />);
    expect(screen.queryByTestId('letter-deposit-pay')).toBeNull();
  });

  it('sends one sign request for a double tap (single flight)', async () => {
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Customer'] })),
      'POST /engagement-letters/l1/confirm': () =>
        json(200, { confirmation: 'tok', expires_at: '2026-01-05T11:15:00Z' }),
      'POST /engagement-letters/l1/sign': () => json(201, letter({ state: 'signed', signs_as: null, factors: null })),
    });
    renderWithProviders(<LetterView letter={letter()} staff={false} />);
    const user = userEvent.setup();
    await user.type(screen.getByTestId('letter-code'), '123456');
    await user.click(screen.getByTestId('letter-confirm'));
    await user.type(await screen.findByTestId('letter-signer-name'), 'Dana Client');
    const button = screen.getByTestId('letter-sign-submit');
    // Both taps before React renders the button busy (one batch): only the first sends.
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/sign'))).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.endsWith('/sign'))).toHaveLength(1);
  });

  it('gives staff Remind now on a waiting letter only; a double tap sends one request; then "Reminder sent"', async () => {
    let answer = () => json(202, { reminded_at: '2026-01-08T10:00:00.000Z' });
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Tax Preparer'] })),
      'POST /engagement-letters/l1/remind': () => answer(),
      'GET /engagement-letters/l1': () => json(200, letter({ signs_as: null, factors: null })),
    });
    const staffView = (over: Partial<Letter> = {}) => letter({ signs_as: null, factors: null, ...over });
    // Not for a client, nor on a letter no longer waiting.
    let view = renderWithProviders(<LetterView letter={letter()} staff={false} />);
    expect(screen.queryByTestId('letter-remind')).toBeNull();
    view.unmount();
    for (const state of ['draft', 'signed', 'declined', 'expired', 'voided'] as const) {
      view = renderWithProviders(<LetterView letter={staffView({ state })} staff />);
      expect(screen.queryByTestId('letter-remind'), state).toBeNull();
      view.unmount();
    }
    view = renderWithProviders(
      <LetterView letter={staffView({ state: 'sent', last_reminded_at: '2026-01-07T09:30:00.000Z' })} staff />,
    );
    expect(screen.getByTestId('letter-last-reminded')).toHaveTextContent(/^Last reminded: .*2026/);
    const button = screen.getByTestId('letter-remind');
    expect(button).toHaveTextContent('Remind now');
    act(() => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    expect(await screen.findByText('Reminder sent')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path.endsWith('/remind'))).toHaveLength(1);

    // The server's refusal is shown as it says it.
    const detail =
      'A reminder for this letter went out less than 24 hours ago. Another can be sent from 2026-01-09 10:00 (UTC).';
    answer = () => json(429, { type: 'rate-limited', title: 'Too many requests', status: 429, detail });
    fireEvent.click(screen.getByTestId('letter-remind'));
    expect(await screen.findByTestId('letter-remind-error')).toHaveTextContent(detail);
    view.unmount();
  });

  it('tells the spouse who signed first that their part is signed and who still signs (English and Spanish)', () => {
    mockApi({ 'GET /auth/session': () => json(200, aSession({ roles: ['Customer'] })) });
    const half = letter({
      joint: true,
      signs_as: null,
      factors: null,
      signers: [
        {
          role: 'taxpayer',
          name: 'Dana Client',
          signed_at: '2026-01-06T10:00:00.000Z',
          method: 'typed',
          factor: 'totp',
          ip: '127.0.0.1',
          locked: false,
        },
        { role: 'spouse', name: 'Sam Spouse', signed_at: null, method: null, factor: null, ip: null, locked: false },
      ],
    });
    renderWithProviders(<LetterView letter={half} staff={false} />);
    expect(screen.getByTestId('letter-part-signed')).toHaveTextContent(
      'Your part is signed. Sam Spouse still needs to sign.',
    );
  });

  it('says a letter that is not there (or another client’s: the server’s 404) is not found, for a client and staff', async () => {
    const missing = '00000000-0000-0000-0000-000000000000';
    for (const role of ['Customer', 'Tax Preparer'] as const) {
      const calls = mockApi({
        'GET /auth/session': () => json(200, aSession({ roles: [role] })),
        [`GET /engagement-letters/${missing}`]: () =>
          json(404, { type: 'about:blank', title: 'Not found', status: 404, detail: 'Engagement letter not found.' }),
      });
      const view = renderWithProviders(
        <Routes>
          <Route path="/letters/:id?" element={<LettersPage />} />
        </Routes>,
        { route: `/letters/${missing}` },
      );
      const notFound = await screen.findByTestId('letter-not-found', {}, { timeout: 3000 });
      expect(notFound, role).toHaveTextContent('Letter not found');
      expect(notFound).toHaveTextContent('This letter does not exist, or it is not yours to open.');
      expect(screen.getByRole('link', { name: 'All letters' })).toHaveAttribute('href', '/letters');
      expect(screen.queryByRole('status')).toBeNull();
      // Asked once: a 404 is not asked again.
      expect(calls.filter((c) => c.path === `/engagement-letters/${missing}`)).toHaveLength(1);
      view.unmount();
    }
  });
});
