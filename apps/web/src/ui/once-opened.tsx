import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Contained, usePartLoaded, type Part } from './part-loading.tsx';
import { showErrorToast } from './toast.tsx';

/**
 * Draws a lazily loaded dialog (`part`, a lib/lazy-component.ts component, as `children`) from the first time
 * `opened` is true, and keeps it after (a dialog closes with its transition). Its code loads when first opened,
 * not with the page: the dialogs every signed-in page carries (the menu's logout and password ones, the phone's
 * "More" sheet) bring Mantine's modal, its scroll area and the floating-ui library with them. Closed, nothing is
 * drawn, on the server too. `fresh`: each opening draws a new instance (a form that starts from the data as it is
 * then); the one before stays until then, so that it closes with its transition.
 *
 * A download that fails (a network that dropped, an old tab after a release) says so in a toast, draws nothing and
 * closes it (`onClose`): the page stays, and the next press opens it anew, downloading it again.
 */
export function OnceOpened({
  opened,
  part,
  fresh = false,
  onClose,
  children,
}: {
  opened: boolean;
  part: Part;
  fresh?: boolean;
  /** What closes it: called when its code could not be downloaded. */
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [openings, setOpenings] = useState(opened ? 1 : 0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings((n) => n + 1);
  }
  const loaded = usePartLoaded(part, openings > 0, openings, () => {
    showErrorToast(t('common.loadFailed'));
    onClose();
  });
  // A dialog that fails to draw closes too, and is drawn again at the next opening.
  return openings > 0 && loaded ? (
    <Contained key={fresh ? openings : 0} resetKey={openings} onError={onClose}>
      {children}
    </Contained>
  ) : null;
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
