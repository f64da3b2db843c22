import type { ComponentProps } from 'react';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { loadPortalTexts } from '../i18n/index.ts';
import type * as Shell from './signed-in-shell.tsx';

// The signed-in shell's parts, loaded once someone is signed in (signed-in-shell.tsx): the public pages never load
// them. lazyComponent, not React.lazy: a signed-in page the server rendered loads them before it hydrates
// (hydrate-prerendered.tsx), and they then hydrate in one pass with the page.
// With the portal's texts, which its menus and dialogs use (i18n/portal-texts.ts).
const loadShell = () => Promise.all([import('./signed-in-shell.tsx'), loadPortalTexts()]).then(([shell]) => shell);
export const SignedInMenus = lazyComponent<ComponentProps<typeof Shell.SignedInMenus>>(() =>
  loadShell().then((m) => ({ default: m.SignedInMenus })),
);
export const HeaderUser = lazyComponent<ComponentProps<typeof Shell.HeaderUser>>(() =>
  loadShell().then((m) => ({ default: m.HeaderUser })),
);
export const preloadSignedInShell = (): Promise<unknown> =>
  Promise.all([SignedInMenus.preload(), HeaderUser.preload()]);
