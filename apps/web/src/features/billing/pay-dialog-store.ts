import type { PayableInvoice } from './pay-dialog.tsx';

/**
 * The invoice being paid, kept outside the lists that show Pay buttons: a live refresh that changes or drops a
 * row (a paid invoice leaves "awaiting payment") must not unmount the dialog before it says 'Paid successfully'.
 * PayDialogHost, mounted once by the app's layout, renders it.
 */
let paying: PayableInvoice | null = null;
const listeners = new Set<() => void>();

export function openPayDialog(invoice: PayableInvoice): void {
  paying = invoice;
  for (const l of listeners) l();
}

export function closePayDialog(): void {
  paying = null;
  for (const l of listeners) l();
}

export function subscribePayDialog(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const currentPayDialog = (): PayableInvoice | null => paying;
