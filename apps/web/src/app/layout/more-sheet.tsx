import { Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOpenedOnceMounted } from '../../ui/once-opened.tsx';
import { isMenuItemActive, type MenuAction, type MenuItem } from '../menus/index.ts';
import { MenuLink } from './menu-link.tsx';

export interface MoreSheetProps {
  opened: boolean;
  onClose: () => void;
  more: MenuItem[];
  onAction: (action: MenuAction) => void;
}

/** The mobile menu's "More" sheet: a chunk of its own, loaded when first opened (tab-menu.tsx). */
export function MoreSheet({ opened, onClose, more, onAction }: MoreSheetProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const shown = useOpenedOnceMounted(opened);
  return (
    <Drawer
      opened={shown}
      onClose={onClose}
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
      data-testid="more-sheet"
    >
      <Stack gap={4} pb="md">
        {more.map((item) => (
          <MenuLink
            key={item.slug}
            item={item}
            active={isMenuItemActive(item, pathname)}
            onAction={onAction}
            onChosen={onClose}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
