import { AppShell, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isMenuItemActive, type MenuAction, type MenuItem } from '../menus/index.ts';
import { OnceOpened } from '../../ui/once-opened.tsx';
import classes from './tab-menu.module.css';
import { lazyComponent } from '../../lib/lazy-component.ts';
import type { MoreSheetProps } from './more-sheet.tsx';

const MoreSheet = lazyComponent<MoreSheetProps>(() =>
  import('./more-sheet.tsx').then((m) => ({ default: m.MoreSheet })),
);

export interface TabMenuProps {
  tabs: MenuItem[];
  more: MenuItem[];
  onAction: (action: MenuAction) => void;
}

/** The mobile bottom bar (below 768 px): a few tabs and a "More" sheet with the rest. */
export function TabMenu({ tabs, more, onAction }: TabMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [sheetOpened, sheet] = useDisclosure(false);
  const moreActive = more.some((m) => isMenuItemActive(m, pathname));

  return (
    <AppShell.Footer component="nav" aria-label={t('menu.tabLabel')} data-testid="tab-menu" className={classes.bar}>
      {tabs.map((item) => {
        const active = isMenuItemActive(item, pathname);
        const ItemIcon = active ? item.active_icon : item.icon;
        return (
          <UnstyledButton
            key={item.slug}
            component={Link}
            to={item.redirect_url ?? '/'}
            className={classes.tab}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            data-testid={`menu-item-${item.slug}`}
          >
            <ItemIcon size={22} stroke={1.7} aria-hidden />
            <Text component="span" className={classes.label}>
              {t(item.menu_name)}
            </Text>
          </UnstyledButton>
        );
      })}
      <UnstyledButton
        className={classes.tab}
        onClick={sheet.open}
        data-active={moreActive || undefined}
        aria-haspopup="dialog"
        aria-expanded={sheetOpened}
        data-testid="menu-item-more"
      >
        <IconDots size={22} stroke={1.7} aria-hidden />
        <Text component="span" className={classes.label}>
          {t('menu.more')}
        </Text>
      </UnstyledButton>
      <OnceOpened opened={sheetOpened} part={MoreSheet} onClose={sheet.close}>
        <MoreSheet opened={sheetOpened} onClose={sheet.close} more={more} onAction={onAction} />
      </OnceOpened>
    </AppShell.Footer>
  );
}
