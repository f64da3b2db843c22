import { Component, Suspense, useEffect, useEffectEvent, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from './toast.tsx';

/**
 * A part whose code is downloaded apart (lib/lazy-component.ts): `preload` downloads it, again after a failure;
 * `isLoaded` says whether it is in.
 */
export interface Part {
  preload: () => Promise<unknown>;
  isLoaded: () => boolean;
}

/**
 * Whether `part`'s code is in, downloading it while `wanted`, and again at each new `attempt` after a failure
 * (`onFailure` is told of each). A part is drawn only once this is true, so its code is never missing when it is
 * drawn: React keeps a lazy component's failed download for good, and a part drawn after one would fail again
 * without downloading. A part already in is drawn at once, but for a page the server drew: there it is false while
 * the page hydrates (the server drew no part) and true right after, so hydration matches the server's page (React
 * would otherwise draw the page again, losing what was typed and the press boot.js holds).
 */
export function usePartLoaded(part: Part, wanted: boolean, attempt: number, onFailure: () => void): boolean {
  const [loaded, setLoaded] = useState(part.isLoaded);
  const pastHydration = useSyncExternalStore(subscribeToNothing, onClient, onServer);
  const failed = useEffectEvent(onFailure);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    part.preload().then(
      () => current && setLoaded(true),
      () => current && failed(),
    );
    return () => {
      current = false;
    };
  }, [part, wanted, attempt, loaded]);
  return loaded && pastHydration;
}

const subscribeToNothing = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * Keeps the page when a part fails to draw (a bug in it, not its download: that is handled before it is drawn):
 * the part is left out and the error toast says so, with SPEC's words; `onError` is told too (a dialog closes).
 * A new `resetKey` draws it again.
 */
export function Contained({
  children,
  resetKey = 0,
  onError,
}: {
  children: ReactNode;
  resetKey?: number;
  onError?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Boundary
      resetKey={resetKey}
      onError={() => {
        showErrorToast(t('common.somethingWentWrong'));
        onError?.();
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </Boundary>
  );
}

interface BoundaryProps {
  resetKey: number;
  onError: () => void;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
