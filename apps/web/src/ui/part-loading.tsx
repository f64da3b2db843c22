import { Component, Suspense, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from './toast.tsx';

/** A part whose code is downloaded apart (lib/lazy-component.ts): `preload` downloads it, again after a failure. */
export interface Part {
  preload: () => Promise<unknown>;
}

/**
 * Whether `part`'s code is in, downloading it while `wanted`, and again at each new `attempt` after a failure
 * (`onFailure` is told of each). A part is drawn only once this is true, so its code is never missing when it is
 * drawn: React keeps a lazy component's failed download for good, and a part drawn after one would fail again
 * without downloading.
 */
export function usePartLoaded(part: Part, wanted: boolean, attempt: number, onFailure: () => void): boolean {
  const [loaded, setLoaded] = useState(false);
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
  return loaded;
}

/**
 * Keeps the page when a part fails to draw (a bug in it, not its download: that is handled before it is drawn):
 * the part is left out and the error toast says so, with SPEC's words.
 */
export function Contained({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Boundary onError={() => showErrorToast(t('common.somethingWentWrong'))}>
      <Suspense fallback={null}>{children}</Suspense>
    </Boundary>
  );
}

class Boundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
