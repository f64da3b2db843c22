import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ChangePasswordModal, useLogout } from '../../features/auth/index.ts';
import { PayDialogHost } from '../../features/billing/index.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { buildSideMenu, buildTabMenu, isSideMenuHidden, type MenuAction } from '../menus/index.ts';
import { useRealtime } from '../../lib/realtime/index.ts';
import { useSession } from '../../lib/session/index.ts';
import { AppHeader } from './app-header.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabMenu } from './tab-menu.tsx';
import { useIsMobile } from './use-is-mobile.ts';

const FULL_BLEED = new Set(['/', '/home']);

/** The shell: sticky header, side menu (desktop) or tab menu (mobile), and the menu's two dialogs. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { data: session } = useSession();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [logoutOpened, logoutDialog] = useDisclosure(false);
  const logout = useLogout();
  // Live updates (SSE) for as long as someone is signed in.
  useRealtime(!!session);

  const withMenus = !!session && !isSideMenuHidden(pathname);
  const showSideMenu = withMenus && !isMobile;
  const showTabMenu = withMenus && isMobile;
  const role = session?.login_role ?? 'Customer';

  const onAction = useCallback(
    (action: MenuAction) => (action === 'logout' ? logoutDialog.open() : passwordModal.open()),
    [logoutDialog, passwordModal],
  );
  const confirmLogout = async () => {
    // Clears localStorage and every cached query (the session included) before leaving.
    await logout.mutateAsync();
    logoutDialog.close();
    navigate('/register', { replace: true });
  };

  const fullBleed = FULL_BLEED.has(pathname);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={showSideMenu ? { width: 264, breakpoint: 'sm' } : undefined}
      footer={showTabMenu ? { height: 64 } : undefined}
      padding={fullBleed ? 0 : { base: 'md', sm: 'xl' }}
    >
      <a href="#main" className="tp-skip-link">
        {t('app.skipToContent')}
      </a>
      <AppHeader session={session ?? null} isMobile={isMobile} />
      {showSideMenu && <SideMenu items={buildSideMenu(role)} onAction={onAction} />}
      <AppShell.Main id="main" bg={fullBleed ? 'white' : undefined}>
        <Box maw={fullBleed ? undefined : 1200} mx="auto">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
      {showTabMenu && <TabMenu {...buildTabMenu(role)} onAction={onAction} />}
      {session && (
        <>
          <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
          <PayDialogHost />
          <ConfirmDialog
            opened={logoutOpened}
            label={t('logout.title')}
            message={t('logout.confirm')}
            busy={logout.isPending}
            onCancel={logoutDialog.close}
            onConfirm={confirmLogout}
            testId="logout-dialog"
          />
        </>
      )}
    </AppShell>
  );
}
