import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { closePayDialog, currentPayDialog, subscribePayDialog } from './pay-dialog-store.ts';

const PayDialog = lazy(() => import('./pay-dialog.tsx').then((m) => ({ default: m.PayDialog })));

/** Mounted once by the layout: the card dialog lives here, whatever happens to the row that opened it. */
export function PayDialogHost() {
  const invoice = useSyncExternalStore(subscribePayDialog, currentPayDialog, () => null);
  // Signing out unmounts the host: a dialog left open must not come back for the next person.
  useEffect(() => closePayDialog, []);
  if (!invoice) return null;
  return (
    <Suspense fallback={null}>
      <PayDialog key={invoice.id} invoice={invoice} onClose={closePayDialog} />
    </Suspense>
  );
}
