import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { aSession } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SigningSettingsCard } from './signing-settings-card.tsx';

describe('SigningSettingsCard', () => {
  it('describes what the switch does in the state it is in (issue 29: the fixed text read as its opposite)', async () => {
    let strict = true;
    const calls = mockApi({
      'GET /auth/session': () => json(200, aSession({ roles: ['Admin'] })),
      'GET /admin/signing-settings': () => json(200, { strict_identity: strict }),
      'PUT /admin/signing-settings': (c) => {
        strict = (c.body as { strict_identity: boolean }).strict_identity;
        return json(200, { strict_identity: strict });
      },
    });
    renderWithProviders(<SigningSettingsCard />);
    expect(await screen.findByText('Ask signers for a second factor')).toBeInTheDocument();
    const sw = screen.getByTestId('signing-strict-switch');
    await waitFor(() => expect(sw).toBeEnabled());
    expect(await screen.findByText(/^On: the taxpayer confirms with a passkey/)).toBeInTheDocument();
    expect(screen.queryByText(/^Off:/)).toBeNull();
    await userEvent.setup().click(sw);
    expect(
      await screen.findByText(/^Off: the taxpayer's password, or a code e-mailed to a spouse/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ strict_identity: false });
  });
});
