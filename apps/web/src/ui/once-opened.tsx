import { Suspense, useState, type ReactNode } from 'react';

/**
 * Draws its children from the first time `opened` is true, and keeps them after (a dialog closes with its
 * transition). A dialog whose code is loaded lazily inside (React.lazy) then loads when first opened, not with the
 * page: the dialogs every signed-in page carries (the menu's logout and password ones, the phone's "More" sheet)
 * bring Mantine's modal, its scroll area and the floating-ui library with them. Closed, nothing is drawn, on the
 * server too.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [drawn, setDrawn] = useState(opened);
  if (opened && !drawn) setDrawn(true);
  return drawn ? <Suspense fallback={null}>{children}</Suspense> : null;
}
