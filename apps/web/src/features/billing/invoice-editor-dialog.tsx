import { lazyComponent } from '../../lib/lazy-component.ts';
import { OnceOpened } from '../../ui/once-opened.tsx';
import type { InvoiceEditorProps } from './invoice-editor.tsx';

/**
 * Staff's invoice editor, loaded when it is first opened: its amount fields (Mantine's NumberInput with
 * react-number-format) are about 9 KB that the ticket page and the invoice page need only then. Preload it on
 * the opening button's intent (`loadOnIntent(InvoiceEditor)`).
 */
export const InvoiceEditor = lazyComponent<InvoiceEditorProps>(() =>
  import('./invoice-editor.tsx').then((m) => ({ default: m.InvoiceEditor })),
);

/** The editor as a dialog: each opening starts from the invoice as it is then (OnceOpened's `fresh`). */
export function InvoiceEditorDialog(props: InvoiceEditorProps) {
  return (
    <OnceOpened opened={props.opened} part={InvoiceEditor} fresh onClose={props.onClose}>
      <InvoiceEditor {...props} />
    </OnceOpened>
  );
}
