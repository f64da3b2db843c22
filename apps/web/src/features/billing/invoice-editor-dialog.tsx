import { useState } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { OnceOpened } from '../../ui/once-opened.tsx';
import type { InvoiceEditorProps } from './invoice-editor.tsx';

/**
 * Staff's invoice editor, loaded when it is first opened: its amount fields (Mantine's NumberInput with
 * react-number-format) are about 10 KB that the ticket page and the invoice page need only then. Preload it on
 * the opening button's intent (`loadOnIntent(InvoiceEditor)`).
 */
export const InvoiceEditor = lazyComponent<InvoiceEditorProps>(() =>
  import('./invoice-editor.tsx').then((m) => ({ default: m.InvoiceEditor })),
);

/**
 * The editor as a dialog that stays mounted once opened, so that it closes with its transition and gives the
 * focus back to the button that opened it; each opening starts from the invoice as it is then (a new instance).
 */
export function InvoiceEditorDialog(props: InvoiceEditorProps) {
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(false);
  if (props.opened !== wasOpened) {
    setWasOpened(props.opened);
    if (props.opened) setOpenings((n) => n + 1);
  }
  return (
    <OnceOpened opened={props.opened} part={InvoiceEditor}>
      <InvoiceEditor key={openings} {...props} />
    </OnceOpened>
  );
}
