import { AppShell, Box } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useIsPhone } from '../../ui/use-is-phone.ts';
import { isSideMenuHidden } from '../menus/index.ts';
import { useSession } from '../../lib/session/index.ts';
import classes from './app-layout.module.css';
import { AppHeader } from './app-header.tsx';
import { SignedInMenus } from './signed-in-parts.ts';

const FULL_BLEED = new Set(['/', '/home']);

/** The shell: sticky header, side menu (desktop) or tab menu (mobile), and the menu's two dialogs. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useIsPhone();
  const { data: session } = useSession();

  const withMenus = !!session && !isSideMenuHidden(pathname);
  const showSideMenu = withMenus && !isMobile;
  const showTabMenu = withMenus && isMobile;

  const fullBleed = FULL_BLEED.has(pathname);
  return (
    <AppShell
      header={{ height: 64 }}
      // Below `sm` the tab menu stands in for the side menu: a page the server drew for a desk, read at phone width
      // before it hydrates, shows its content rather than a side menu as wide as the screen.
      navbar={showSideMenu ? { width: 264, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      footer={showTabMenu ? { height: 64 } : undefined}
      padding={fullBleed ? 0 : { base: 'md', sm: 'xl' }}
    >
      <a href="#main" className="tp-skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader session={session} isMobile={isMobile} />
      {session && (
        <Suspense fallback={null}>
          <SignedInMenus session={session} showSideMenu={showSideMenu} showTabMenu={showTabMenu} />
        </Suspense>
      )}
      <AppShell.Main
        id="main"
        bg={fullBleed ? 'white' : undefined}
        className={classes.main}
        // The page's end clears the tab menu whole, its safe-area inset too (app-layout.module.css).
        data-tab-menu={showTabMenu || undefined}
      >
        <Box maw={fullBleed ? undefined : 1200} mx="auto">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
