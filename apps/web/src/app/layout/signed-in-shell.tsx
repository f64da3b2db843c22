import { Avatar, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Session } from '@taxportal/contract';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth/index.ts';
import { PayDialogHost } from '../../features/billing/index.ts';
import { NotificationBell } from '../../features/notifications/index.ts';
import { useSavedLanguage } from '../../lib/language.ts';
import { useRealtime } from '../../lib/realtime/index.ts';
import { OnceOpened } from '../../ui/once-opened.tsx';
import { preloadToasts } from '../../ui/toast.tsx';
import { buildSideMenu, buildTabMenu, type MenuAction } from '../menus/index.ts';
import { useRouteData } from '../router/route-data.ts';
import classes from './app-header.module.css';
import { SideMenu } from './side-menu.tsx';
import { TabMenu } from './tab-menu.tsx';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import type { ShellDialogsProps } from './shell-dialogs.tsx';
import { initialsOf } from '../../ui/initials.ts';

// The menu's two dialogs load when first opened (ui/once-opened.tsx), not with every signed-in page.
const ShellDialogs = lazyComponent<ShellDialogsProps>(() =>
  import('./shell-dialogs.tsx').then((m) => ({ default: m.ShellDialogs })),
);

// The shell's parts for someone signed in: its own chunk (app-layout.tsx loads it once there is a session), so
// the sign-in page and the public site do not load the menus, the dialogs and the live updates.

/** The header's right side: notifications, who is signed in. */
export function HeaderUser({ session, isMobile }: { session: Session; isMobile: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" data-testid="header-user" flex="none">
      <NotificationBell />
      {!isMobile && (
        <div className={classes.who}>
          <Text size="sm" fw={600} lh={1.2} truncate>
            {session.user.full_name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2} truncate>
            {t(`roles.${session.login_role}`)}
          </Text>
        </div>
      )}
      <Avatar color="brand" radius="xl" size={36} aria-label={t('app.signedInAs', { name: session.user.full_name })}>
        {initialsOf(session.user.full_name)}
      </Avatar>
    </Group>
  );
}

export interface SignedInMenusProps {
  session: Session;
  showSideMenu: boolean;
  showTabMenu: boolean;
}

/** The side menu (desktop) or tab menu (mobile), the menu's two dialogs, the pay dialog and live updates. */
export function SignedInMenus({ session, showSideMenu, showTabMenu }: SignedInMenusProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const [logoutOpened, logoutDialog] = useDisclosure(false);
  const logout = useLogout();
  // Live updates (SSE) for as long as someone is signed in.
  useRealtime(true);
  useSavedLanguage(session.language);
  useRouteData();
  // The toasts' code, once the page is idle: parts loaded later say so with a toast if their download fails.
  useEffect(() => whenIdle(preloadToasts, 5000), []);
  const role = session.login_role;
  const menuOptions = { siteEditor: session.site_editor };

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

  return (
    <>
      {showSideMenu && <SideMenu items={buildSideMenu(role, menuOptions)} onAction={onAction} />}
      {showTabMenu && <TabMenu {...buildTabMenu(role, menuOptions)} onAction={onAction} />}
      <PayDialogHost />
      <OnceOpened
        opened={passwordOpened || logoutOpened}
        part={ShellDialogs}
        onClose={() => {
          passwordModal.close();
          logoutDialog.close();
        }}
      >
        <ShellDialogs
          password={{ opened: passwordOpened, onClose: passwordModal.close }}
          logout={{
            opened: logoutOpened,
            busy: logout.isPending,
            onCancel: logoutDialog.close,
            onConfirm: confirmLogout,
            label: t('logout.title'),
            message: t('logout.confirm'),
          }}
        />
      </OnceOpened>
    </>
  );
}
