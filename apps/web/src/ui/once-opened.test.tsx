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

  it('says so and keeps the page when the code cannot be loaded, and downloads it again at the next opening', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A part as lib/lazy-component.ts makes them: drawn before its code is in, it fails; `preload` downloads again.
    let ready = false;
    let downloads = 0;
    const part = {
      preload: () => {
        downloads += 1;
        if (downloads === 1) return Promise.reject(new Error('still offline'));
        ready = true;
        return Promise.resolve();
      },
    };
    function Part(props: { opened: boolean; onClose: () => void }) {
      if (!ready) throw new Error('Failed to fetch dynamically imported module');
      return <LoadedDialog {...props} />;
    }
    function FlakyPage() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <Button onClick={() => setOpened((o) => !o)}>Toggle</Button>
          <OnceOpened opened={opened} part={part}>
            <Part opened={opened} onClose={() => setOpened(false)} />
          </OnceOpened>
        </>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<FlakyPage />);
    const toggle = screen.getByRole('button', { name: 'Toggle' });
    await user.click(toggle);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Opened again: downloaded again, still failing, and said again.
    await user.click(toggle);
    await user.click(toggle);
    await waitFor(() => expect(screen.getAllByText(/could not be loaded/)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Once the download succeeds, the opening draws it.
    await user.click(toggle);
    await user.click(toggle);
    expect(await screen.findByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
    expect(downloads).toBe(2);
  });

  it('draws nothing, and keeps the page, when a plain lazy part fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<Page broken />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await act(async () => failDownload(new Error('chunk gone')));
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
