import { AppShell, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isMenuItemActive, type MenuAction, type MenuItem } from '../menus/index.ts';
import { MenuLink } from './menu-link.tsx';
import classes from './tab-menu.module.css';

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
      <Drawer
        opened={sheetOpened}
        onClose={sheet.close}
        position="bottom"
        radius="lg"
        styles={{
          content: {
            height: 'auto',
            width: '100%',
            flex: '0 0 auto',
            borderBottomLeftRadius: 0,
            borderBottomRightRadius: 0,
            paddingBottom: 'env(safe-area-inset-bottom)',
          },
        }}
        title={t('menu.moreTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="more-sheet"
      >
        <Stack gap={4} pb="md">
          {more.map((item) => (
            <MenuLink
              key={item.slug}
              item={item}
              active={isMenuItemActive(item, pathname)}
              onAction={onAction}
              onChosen={sheet.close}
            />
          ))}
        </Stack>
      </Drawer>
    </AppShell.Footer>
  );
}
