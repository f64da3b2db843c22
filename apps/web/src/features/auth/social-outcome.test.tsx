import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RegisterPage } from './register-page.tsx';

afterEach(() => vi.restoreAllMocks());

/** The sign-in page as a signed-out visitor lands on it from a social sign-in's callback. */
function landOn(route: string) {
  mockApi({ 'GET /auth/methods': () => json(200, { phone: true, oidc: ['google'] }) });
  renderWithProviders(<RegisterPage />, { route });
}

describe('the outcome of a social or phone sign-in refused on /register', () => {
  it('?social=factor: an account with a second factor is told to sign in with password and code', async () => {
    landOn('/register?social=factor');
    const alert = await screen.findByTestId('social-outcome');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent(
      'This account has a second factor: sign in with your e-mail and password, then that factor.',
    );
    expect(screen.getByRole('tab', { name: 'Sign in', selected: true })).toBeInTheDocument();
  });

  it('?social=closed: a closed account that comes back through a provider is told so on the sign-in page', async () => {
    landOn('/register?social=closed');
    expect(await screen.findByTestId('social-outcome')).toHaveTextContent(
      'This account is closed. Contact the firm if you need it again.',
    );
    expect(screen.getByRole('tab', { name: 'Sign in', selected: true })).toBeInTheDocument();
  });

  it('an unknown outcome reads as a failure, never as its raw value', async () => {
    landOn('/register?social=%3Cb%3Ex%3C%2Fb%3E');
    expect(await screen.findByTestId('social-outcome')).toHaveTextContent('Social sign-in did not work. Try again.');
  });

  it('no outcome, no message', async () => {
    landOn('/register');
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByTestId('social-outcome')).not.toBeInTheDocument();
  });
});
