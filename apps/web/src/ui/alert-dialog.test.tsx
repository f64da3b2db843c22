import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AlertDialog } from './alert-dialog.tsx';

describe('AlertDialog (SPEC §8)', () => {
  it("shows header 'Alert' and closes with 'Ok'", async () => {
    const onClose = vi.fn();
    renderWithProviders(<AlertDialog opened message="Status updated" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(dialog).toHaveTextContent('Status updated');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
