import { MESSAGES } from '@taxportal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const REQUIRED = ['Old Password is required', 'New password is required', 'Confirm password is required'];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(response?: Response) {
  const fetchMock = vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(response ?? json(200, { status: 'Success', message: MESSAGES.passwordUpdated }));
  const onSuccess = vi.fn();
  renderWithProviders(<ChangePasswordForm onSuccess={onSuccess} />);
  return { fetchMock, onSuccess, user: userEvent.setup() };
}

const fill = async (user: ReturnType<typeof userEvent.setup>, old: string, next: string, confirm: string) => {
  if (old) await user.type(screen.getByLabelText('Old Password'), old);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
};

describe('ChangePasswordForm (SPEC §4/§5)', () => {
  it('shows no required text before a submit attempt', async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText('Old Password'));
    await user.tab();
    for (const text of REQUIRED) expect(screen.queryByText(text)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'update' })).toBeInTheDocument();
  });

  it('shows each required text after pressing update with empty fields, and does not call the server', async () => {
    const { user, fetchMock } = setup();
    await user.click(screen.getByRole('button', { name: 'update' }));
    for (const text of REQUIRED) expect(screen.getByText(text)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows only the texts of fields still empty', async () => {
    const { user } = setup();
    await fill(user, 'old-secret', '', '');
    await user.click(screen.getByRole('button', { name: 'update' }));
    expect(screen.queryByText(REQUIRED[0]!)).not.toBeInTheDocument();
    expect(screen.getByText(REQUIRED[1]!)).toBeInTheDocument();
    expect(screen.getByText(REQUIRED[2]!)).toBeInTheDocument();
  });

  it('hides the password fields by default and toggles each one', async () => {
    const { user } = setup();
    const input = screen.getByLabelText('New Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(3);
    await user.click(toggles[1]!);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Old Password')).toHaveAttribute('type', 'password');
  });

  it('posts the three fields and reports success', async () => {
    const { user, fetchMock, onSuccess } = setup();
    await fill(user, 'old-secret', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'update' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/change-password');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      old_password: 'old-secret',
      new_password: 'new-secret',
      confirm_password: 'new-secret',
    });
    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    expect(screen.getByLabelText('Old Password')).toHaveValue('');
    expect(screen.queryByText(REQUIRED[0]!)).not.toBeInTheDocument();
  });

  it("shows the server's message and stays open when the status is not Success", async () => {
    const problem = {
      type: 'x',
      title: 'Invalid input',
      status: 422,
      detail: MESSAGES.incorrectOldPassword,
      errors: [{ field: 'old_password', message: MESSAGES.incorrectOldPassword }],
    };
    const { user, onSuccess } = setup(json(422, problem));
    await fill(user, 'wrong', 'new-secret', 'new-secret');
    await user.click(screen.getByRole('button', { name: 'update' }));
    expect(await screen.findByTestId('change-password-error')).toHaveTextContent(MESSAGES.incorrectOldPassword);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New Password')).toHaveValue('new-secret');
  });
});
