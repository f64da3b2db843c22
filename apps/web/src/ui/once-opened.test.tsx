import { Button } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { OnceOpened, useOpenedOnceMounted } from './once-opened.tsx';

/** A dialog as the shell's: its code loaded when first opened, mounted closed and then opened. */
function LoadedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenedOnceMounted(opened);
  return <ConfirmDialog opened={shown} label="Log out" message="Sure?" onCancel={onClose} onConfirm={onClose} />;
}
const Lazy = lazy(() => Promise.resolve({ default: LoadedDialog }));
let failDownload: (err: Error) => void = () => undefined;
const Broken = lazy<ComponentType>(
  () =>
    new Promise((_, reject) => {
      failDownload = reject;
    }),
);

function Page({ broken = false }: { broken?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <OnceOpened opened={opened}>
        {broken ? <Broken /> : <Lazy opened={opened} onClose={() => setOpened(false)} />}
      </OnceOpened>
    </>
  );
}

describe('OnceOpened', () => {
  it('draws nothing until first opened; the dialog then gives the focus back to its opener on close', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    expect(screen.queryByRole('dialog')).toBeNull();
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('draws nothing, and keeps the page, when the code cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Page broken />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => failDownload(new Error('chunk gone')));
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
