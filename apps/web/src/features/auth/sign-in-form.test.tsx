import { MFA_MESSAGES } from '@taxportal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

afterEach(() => vi.restoreAllMocks());

/** The sign-in form whose password the server takes and then asks for `field` (the account's second factor). */
async function passwordAccepted(field: 'otp' | 'passkey', message: string) {
  mockApi({
    'POST /auth/login': () =>
      json(401, { type: 'x/mfa-required', title: 'x', status: 401, detail: message, errors: [{ field, message }] }),
  });
  renderWithProviders(<SignInForm onForgotPassword={() => {}} />, { route: '/register' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/E-mail/), 'pat@example.test');
  await user.type(screen.getByLabelText(/^Password/), 'a-long-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in form’s second step asks for what the account has', () => {
  it('an app (and its recovery codes): the code field', async () => {
    await passwordAccepted('otp', MFA_MESSAGES.codeRequired);
    expect(await screen.findByTestId('sign-in-code-step')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });

  it('a passkey alone: the passkey, and no word of an app or recovery codes it does not have', async () => {
    await passwordAccepted('passkey', MFA_MESSAGES.passkeyRequired);
    const step = await screen.findByTestId('sign-in-passkey-step');
    expect(step).toHaveTextContent('Your account signs in with a passkey: use it to finish signing in.');
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-code-step')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/authenticator app|recovery code/i);
  });
});
