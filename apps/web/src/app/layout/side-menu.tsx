import { AppShell, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isMenuItemActive, type MenuAction, type MenuItem } from '../menus/index.ts';
import { MenuLink } from './menu-link.tsx';
import classes from './side-menu.module.css';

/** The side pane (SPEC §2). Dialog entries sit at the bottom; the order is the menu's own. */
export function SideMenu({ items, onAction }: { items: MenuItem[]; onAction: (action: MenuAction) => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const firstAction = items.findIndex((i) => i.action);
  const links = firstAction < 0 ? items : items.slice(0, firstAction);
  const actions = firstAction < 0 ? [] : items.slice(firstAction);
  return (
    <AppShell.Navbar p="md" component="nav" aria-label={t('menu.label')} data-testid="side-menu">
      {/* The browser's own scrolling: Mantine's ScrollArea brings the floating-ui library into every page. */}
      <AppShell.Section grow className={classes.links}>
        <Stack gap={4}>
          {links.map((item) => (
            <MenuLink key={item.slug} item={item} active={isMenuItemActive(item, pathname)} onAction={onAction} />
          ))}
        </Stack>
      </AppShell.Section>
      {actions.length > 0 && (
        <AppShell.Section>
          <Divider my="sm" />
          <Stack gap={4}>
            {actions.map((item) => (
              <MenuLink key={item.slug} item={item} active={false} onAction={onAction} />
            ))}
          </Stack>
        </AppShell.Section>
      )}
    </AppShell.Navbar>
  );
}
