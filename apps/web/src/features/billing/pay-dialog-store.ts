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

/**
 * A payment the dialog reports as made ('Paid successfully'), told at once to whoever shows that invoice elsewhere
 * (an engagement letter's deposit): they read it again without waiting for the dialog to close.
 */
const paidListeners = new Set<(invoiceId: string) => void>();

export function reportPaid(invoiceId: string): void {
  for (const l of paidListeners) l(invoiceId);
}

export function subscribePaid(listener: (invoiceId: string) => void): () => void {
  paidListeners.add(listener);
  return () => {
    paidListeners.delete(listener);
  };
}
