import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { showErrorToast, showSuccessToast } from './toast.tsx';

describe('toasts', () => {
  it('draws nothing until the first toast; then loads the host, which shows at most four at once', async () => {
    renderWithProviders(<p>page</p>);
    expect(document.querySelector('[class*="Notifications-root"]')).toBeNull();

    // Five asked for at once, before the host's code is in: the limit holds for them too.
    for (const n of [1, 2, 3, 4]) showSuccessToast(`Saved ${n}`);
    showErrorToast('Could not save 5');
    await waitFor(() => expect(screen.getAllByTestId('toast-success')).toHaveLength(4));
    expect(screen.getByText('Saved 1')).toBeInTheDocument();
    expect(screen.queryByTestId('toast-error')).toBeNull();
    // Each can be closed by a named button.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(4);
  });
});
