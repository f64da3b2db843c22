import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consentDetailSchema, renderConsentDocument, type ConsentDetail } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { addConsentsTexts } from './i18n.ts';
import { SignConsentForm } from './sign-consent-form.tsx';

addConsentsTexts();

/**
 * The client's signature of a consent (docs/decisions/0034): never pre-filled; the factors the server offers; the
 * typed name, factor answer and assent sent as the contract says; the server's field message under its field.
 */
function aConsent(over: Partial<ConsentDetail> = {}): ConsentDetail {
  const fields = {
    kind: 'disclose' as const,
    preparer_name: 'Firm',
    taxpayer_names: ['Casey Client'],
    signer_name: 'Casey Client',
    purpose: 'Mortgage',
    information: '2025 Form 1040',
    recipient_name: 'Bank',
    recipient_email: 'loans@bank.example',
    ends_on: null,
  };
  return consentDetailSchema.parse({
    id: 'c-1',
    kind: 'disclose',
    status: 'sent',
    customer: { id: 'me', full_name: 'Casey Client', email: 'casey@example.test' },
    purpose: fields.purpose,
    recipient_name: fields.recipient_name,
    recipient_email: fields.recipient_email,
    ends_on: null,
    created_at: '2026-03-01T10:00:00.000Z',
    signed_at: null,
    expires_at: null,
    answered_at: null,
    revoked_at: null,
    withdrawn_at: null,
    preparer_name: fields.preparer_name,
    taxpayer_names: fields.taxpayer_names,
    information: fields.information,
    body: renderConsentDocument(fields),
    signature: null,
    sign_with: ['password'],
    phone: null,
    ...over,
  });
}

describe('signing a consent', () => {
  it('offers the passkey first when the client has one: no code field, the device is asked at signing', async () => {
    renderWithProviders(<SignConsentForm consent={aConsent({ sign_with: ['passkey', 'password'] })} />);
    expect(screen.getByTestId('consent-factor-passkey')).toBeChecked();
    expect(screen.getByTestId('consent-passkey-hint')).toHaveTextContent('fingerprint, face or PIN');
    expect(screen.queryByTestId('consent-code')).toBeNull();
    await userEvent.click(screen.getByTestId('consent-factor-password'));
    expect(screen.queryByTestId('consent-passkey-hint')).toBeNull();
  });

  it('says how to get a factor when the client has none', () => {
    renderWithProviders(<SignConsentForm consent={aConsent({ sign_with: [] })} />);
    expect(screen.getByTestId('consent-no-factor')).toHaveTextContent('a passkey or an authenticator app');
    expect(screen.queryByTestId('consent-sign-form')).toBeNull();
  });

  it('sends the typed name, the factor and the assent; shows the server’s refusal under the name', async () => {
    const calls = mockApi({
      'POST /consents/c-1/sign': () =>
        json(422, {
          type: 'about:blank',
          title: 'Invalid',
          status: 422,
          detail: 'Type your full name as it appears on your account to sign.',
          errors: [{ field: 'typed_name', message: 'Type your full name as it appears on your account to sign.' }],
        }),
    });
    renderWithProviders(<SignConsentForm consent={aConsent()} />);
    const user = userEvent.setup();
    expect(screen.getByTestId('consent-typed-name')).toHaveValue('');
    expect(screen.getByTestId('consent-sign')).toBeDisabled();
    await user.type(screen.getByTestId('consent-typed-name'), 'Someone Else');
    await user.type(screen.getByTestId('consent-password'), 'secret-pass');
    await user.click(screen.getByTestId('consent-agree'));
    await user.click(screen.getByTestId('consent-sign'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toEqual({ typed_name: 'Someone Else', factor: 'password', password: 'secret-pass', agree: true });
    expect(await screen.findByText('Type your full name as it appears on your account to sign.')).toBeInTheDocument();
  });
});
