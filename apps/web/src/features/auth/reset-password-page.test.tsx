import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ResetPasswordPage, invitation mode', () => {
  it('sends one request however often "Set new password" is clicked', async () => {
    let release: () => void = () => {};
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/client-invitations/open')) return json(200, { valid: true, joined: false });
      // The link's use answers slowly: the second click lands while the first is on its way.
      await new Promise<void>((resolve) => (release = resolve));
      return json(200, { status: 'Success', message: 'Your account is ready.' });
    });
    renderWithProviders(<ResetPasswordPage />, { route: `/reset-password?token=${'t'.repeat(43)}&invite=1` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'nora-new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'nora-new-password-1');
    const button = screen.getByRole('button', { name: 'Set new password' });
    await user.dblClick(button);
    await user.click(button);
    const confirms = () =>
      fetchMock.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes('/password-reset/confirm'),
      );
    await waitFor(() => expect(confirms()).toHaveLength(1));
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(confirms()).toHaveLength(1);
  });
});
