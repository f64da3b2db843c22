import { screen } from '@testing-library/react';
import { signingStateSchema, type SignerRole } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { aTicketDetail } from '../../test/fixtures.ts';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SigningSection } from './signing-section.tsx';

/**
 * Who signs which part of a joint Form 8879 (docs/decisions/0032): a spouse with their own account signs their part
 * alone (the taxpayer reads that they sign with their own login); a spouse without one is signed for by the
 * taxpayer, who types the code sent to the spouse.
 */
const signer = (role: SignerRole, name: string) => ({
  role,
  name,
  email: `${role}@example.test`,
  signed_at: null,
  method: null,
  confirmation: null,
  confirmation_phone: null,
  stricter_check_off: false,
  ip: null,
  signed_document_id: null,
});
const state = (signsAs: SignerRole, spouseAccount: boolean) =>
  signingStateSchema.parse({
    request: {
      id: 'r1',
      ticket_id: 't1',
      status: 'pending',
      source: 'generated',
      document_id: 'd1',
      unsigned_sha256: 'x'.repeat(64),
      joint: true,
      signers: [signer('taxpayer', 'Terry Taxpayer'), signer('spouse', 'Sasha Spouse')],
      signed_document_id: null,
      retain_until: null,
      created_at: '2026-03-01T10:00:00.000Z',
      completed_at: null,
      spouse_code_sent: false,
      spouse_account: spouseAccount,
    },
    factors: { strict: true, taxpayer: ['totp'], taxpayer_phone: null, spouse: [], spouse_phone: null },
    can_sign: true,
    suggestion: null,
    signs_as: signsAs,
  });
const ticket = aTicketDetail({ status: 'Ready For IRS Filing' });
const show = (s: ReturnType<typeof state>) => {
  mockApi({ 'GET /tickets/t1/signing': () => json(200, s) });
  renderWithProviders(<SigningSection ticket={ticket} isStaff={false} />);
};

describe('a joint Form 8879, as each spouse sees it', () => {
  it('the taxpayer signs their part only when the spouse has an account of their own', async () => {
    show(state('taxpayer', true));
    expect(await screen.findByTestId('sign-as-taxpayer')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-as-spouse')).toBeNull();
    expect(screen.getByTestId('signer-own-login')).toHaveTextContent(
      'Sasha Spouse signs this part with their own login.',
    );
  });

  it('the spouse signs their own part, and not the taxpayer’s', async () => {
    show(state('spouse', true));
    expect(await screen.findByTestId('sign-as-spouse')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-as-taxpayer')).toBeNull();
  });

  it('without a spouse account the taxpayer signs both parts (the spouse by their code)', async () => {
    show(state('taxpayer', false));
    expect(await screen.findByTestId('sign-as-taxpayer')).toBeInTheDocument();
    expect(screen.getByTestId('sign-as-spouse')).toBeInTheDocument();
    expect(screen.queryByTestId('signer-own-login')).toBeNull();
  });
});
