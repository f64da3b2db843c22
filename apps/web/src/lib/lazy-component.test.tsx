import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazy-component.ts';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

describe('lazyComponent', () => {
  it('draws at once, without suspending, once its code was loaded ahead', async () => {
    const Loaded = lazyComponent(() => Promise.resolve({ default: Counter }));
    await Loaded.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Loaded label="Ready" />
      </Suspense>,
    );
    // Synchronously: React.lazy would show the fallback here, and a page being hydrated would be drawn again.
    expect(screen.getByRole('button', { name: 'Ready 0' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends until its code arrives when drawn first, and keeps that instance (and its state) afterwards', async () => {
    let arrive: (m: { default: typeof Counter }) => void = () => undefined;
    const Later = lazyComponent(() => new Promise<{ default: typeof Counter }>((resolve) => (arrive = resolve)));
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Later label="Later" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Counter }));
    await act(async () => screen.getByRole('button', { name: 'Later 0' }).click());
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Later label="Later" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Later 1' })).toBeInTheDocument();
  });

  it('after a failed download, a preload that succeeds is what is drawn from then on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let downloads = 0;
    const Flaky = lazyComponent<{ label: string }>(() => {
      downloads += 1;
      return downloads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter });
    });
    const first = render(
      <Failed>
        <Suspense fallback={<p>loading</p>}>
          <Flaky label="First" />
        </Suspense>
      </Failed>,
    );
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(downloads).toBe(1); // React keeps the failure: no download again on its own
    first.unmount();

    await Flaky.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Flaky label="Again" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Again 0' })).toBeInTheDocument();
    expect(downloads).toBe(2);
  });
});

class Failed extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}
