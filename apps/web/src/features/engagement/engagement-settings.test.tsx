import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { engagementSettingsSchema } from '@taxportal/contract';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EngagementSettingsCard } from './engagement-settings.tsx';
import { addEngagementTexts } from './i18n.ts';

addEngagementTexts();

describe('EngagementSettingsCard', () => {
  it('turns on the hold at Open and saves it with the days; shows the server’s refusal', async () => {
    const saved = engagementSettingsSchema.parse({ expiry_days: 30, hold_at_open_until_signed: false });
    let answer = () => json(200, { ...saved, hold_at_open_until_signed: true });
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Admin'] })),
      'GET /admin/engagement-settings': () => json(200, saved),
      'PUT /admin/engagement-settings': () => answer(),
    });
    renderWithProviders(<EngagementSettingsCard />);
    expect(await screen.findByText('Hold tickets at Open until their engagement letter is signed')).toBeInTheDocument();
    const toggle = screen.getByRole('switch');
    expect(toggle).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ expiry_days: 30, hold_at_open_until_signed: true }),
    );
    expect(await screen.findByText('Settings saved.', {}, { timeout: 10_000 })).toBeInTheDocument();

    answer = () => json(403, { type: 'forbidden', title: 'Forbidden', status: 403, detail: 'Only an Admin may.' });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByTestId('settings-error')).toHaveTextContent('Only an Admin may.');
  });
});
