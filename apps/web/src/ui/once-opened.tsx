import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from './toast.tsx';

/**
 * Draws its children from the first time `opened` is true, and keeps them after (a dialog closes with its
 * transition). A dialog whose code is loaded lazily inside (`part`, a lib/lazy-component.ts component, or
 * React.lazy) then loads when first opened, not with the page: the dialogs every signed-in page carries (the menu's
 * logout and password ones, the phone's "More" sheet) bring Mantine's modal, its scroll area and the floating-ui
 * library with them. Closed, nothing is drawn, on the server too.
 *
 * A download that fails (a network that dropped, an old tab after a release) says so in a toast and draws nothing:
 * the page stays. The next opening downloads `part` again and draws it once it is in (an old tab's missing file
 * fails again, with the same toast, until the page is reloaded).
 */
export function OnceOpened({ opened, part, children }: { opened: boolean; part?: Preloadable; children: ReactNode }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState(opened);
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  if (opened && !drawn) setDrawn(true);
  return drawn ? (
    <Contained openings={openings} part={part} onFailure={() => showErrorToast(t('common.loadFailed'))}>
      <Suspense fallback={null}>{children}</Suspense>
    </Contained>
  ) : null;
}

/** A lazily loaded part that can be downloaded again (lib/lazy-component.ts). */
type Preloadable = { preload: () => Promise<unknown> };

interface ContainedProps {
  /** How many times it was opened: after a failure, the next opening tries again. */
  openings: number;
  part: Preloadable | undefined;
  onFailure: () => void;
  children: ReactNode;
}

class Contained extends Component<ContainedProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFailure();
  }
  override componentDidUpdate(previous: ContainedProps) {
    const { openings, part, onFailure } = this.props;
    if (!this.state.failed || previous.openings === openings) return;
    // A React.lazy part keeps its failure: drawn again, it fails again, and says so again.
    if (!part) return this.setState({ failed: false });
    part.preload().then(
      () => this.setState({ failed: false }),
      () => onFailure(),
    );
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * `opened`, but false on a lazily loaded dialog's first render: it mounts closed and opens on the next commit, as
 * if it had always been there. Mantine's modal notes what had the focus when it opens (not when it mounts open),
 * to give it back on close, and plays its opening transition.
 */
export function useOpenedOnceMounted(opened: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return mounted && opened;
}
