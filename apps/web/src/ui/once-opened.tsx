import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * Draws its children from the first time `opened` is true, and keeps them after (a dialog closes with its
 * transition). A dialog whose code is loaded lazily inside (React.lazy) then loads when first opened, not with the
 * page: the dialogs every signed-in page carries (the menu's logout and password ones, the phone's "More" sheet)
 * bring Mantine's modal, its scroll area and the floating-ui library with them. Closed, nothing is drawn, on the
 * server too. A download that fails (an old tab after a release) draws nothing: the page stays.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [drawn, setDrawn] = useState(opened);
  if (opened && !drawn) setDrawn(true);
  return drawn ? (
    <Contained>
      <Suspense fallback={null}>{children}</Suspense>
    </Contained>
  ) : null;
}

class Contained extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
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
