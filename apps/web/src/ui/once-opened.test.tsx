import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LoadedPart } from './loaded-part.tsx';
import { OnceOpened, useOpenedOnceMounted } from './once-opened.tsx';
import type { Part } from './part-loading.tsx';

/** A dialog as the shell's: its code loaded when first opened, mounted closed and then opened. */
function LoadedDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenedOnceMounted(opened);
  return <ConfirmDialog opened={shown} label="Log out" message="Sure?" onCancel={onClose} onConfirm={onClose} />;
}

/** A part as lib/lazy-component.ts makes them: `preload` downloads its code; here, failing the first `failures` times. */
function flakyPart(failures: number): Part & { downloads: () => number } {
  let downloads = 0;
  let loaded = false;
  return {
    preload: () => {
      downloads += 1;
      if (downloads <= failures) return Promise.reject(new Error('offline'));
      loaded = true;
      return Promise.resolve();
    },
    isLoaded: () => loaded,
    downloads: () => downloads,
  };
}

function Page({ part, dialog }: { part: Part; dialog?: (close: () => void) => ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <OnceOpened opened={opened} part={part} onClose={() => setOpened(false)}>
        {dialog ? dialog(() => setOpened(false)) : <LoadedDialog opened={opened} onClose={() => setOpened(false)} />}
      </OnceOpened>
    </>
  );
}

describe('OnceOpened', () => {
  it('draws nothing until first opened; the dialog then gives the focus back to its opener on close', async () => {
    const part = flakyPart(0);
    const user = userEvent.setup();
    renderWithProviders(<Page part={part} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(part.downloads()).toBe(0); // nothing asked for before the first opening
    const open = screen.getByRole('button', { name: 'Open' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('says so and keeps the page when the code cannot be loaded, and downloads it again at the next opening', async () => {
    const part = flakyPart(2);
    const user = userEvent.setup();
    renderWithProviders(<Page part={part} />);
    const toggle = screen.getByRole('button', { name: 'Open' });
    await user.click(toggle);
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Pressed again (it was closed when it failed): downloaded again, still failing, and said again.
    await user.click(toggle);
    await waitFor(() => expect(screen.getAllByText(/could not be loaded/)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Once the download succeeds, the press draws it.
    await user.click(toggle);
    expect(await screen.findByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
    expect(part.downloads()).toBe(3);
  });

  it('says "Something Went Wrong" and closes when a loaded dialog fails to draw; the next press draws it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function OnceBroken({ close }: { close: () => void }): ReactNode {
      if (broken) throw new Error('a bug');
      return <LoadedDialog opened onClose={close} />;
    }
    const user = userEvent.setup();
    renderWithProviders(<Page part={flakyPart(0)} dialog={(close) => <OnceBroken close={close} />} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Something Went Wrong')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    broken = false; // the bug is gone (say, a state that no longer holds)
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
  });
});

describe('LoadedPart', () => {
  it('draws the part once its code is in; a failed download says so in place and can be tried again', async () => {
    const part = flakyPart(1);
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <p>The ticket</p>
        <LoadedPart part={part}>
          <p>Staff tools</p>
          <button type="button">Change status</button>
        </LoadedPart>
      </>,
    );
    expect(await screen.findByTestId('part-failed')).toHaveTextContent(/could not be loaded/);
    expect(screen.getByText('The ticket')).toBeInTheDocument();
    expect(screen.queryByText('Staff tools')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Staff tools')).toBeInTheDocument();
    expect(screen.queryByTestId('part-failed')).toBeNull();
    // The focus, which was on the link now gone, is on the part's first control.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change status' })).toHaveFocus());
    expect(part.downloads()).toBe(2);
  });

  it('draws a part whose code is in at once, with no empty frame first', () => {
    const part = flakyPart(0);
    void part.preload();
    renderWithProviders(
      <LoadedPart part={part}>
        <p>Staff tools</p>
      </LoadedPart>,
    );
    expect(screen.getByText('Staff tools')).toBeInTheDocument();
  });
});
