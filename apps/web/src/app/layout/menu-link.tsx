import { NavLink } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isExternalLink, type MenuAction, type MenuItem } from '../menus/index.ts';
import { usePrefetchInView } from '../../lib/prefetch-in-view.ts';

export interface MenuLinkProps {
  item: MenuItem;
  active: boolean;
  onAction: (action: MenuAction) => void;
  /** Called after any choice (closes the mobile "More" sheet). */
  onChosen?: () => void;
}

/** One menu entry: an in-app link, an external link in a new tab, or a button that opens a dialog. */
export function MenuLink({ item, active, onAction, onChosen }: MenuLinkProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);
  const url = item.redirect_url ?? '/';
  const inApp = !item.action && !isExternalLink(url);
  // The menu's pages load while the browser is idle once their links are on screen (and on hover or focus).
  usePrefetchInView(ref, inApp ? url : undefined);
  const ItemIcon = active ? item.active_icon : item.icon;
  const common = {
    label: t(item.menu_name),
    leftSection: <ItemIcon size={20} stroke={1.7} aria-hidden />,
    active,
    'data-testid': `menu-item-${item.slug}`,
    'data-active': active || undefined,
    variant: 'light' as const,
    style: { borderRadius: 'var(--mantine-radius-md)' },
    fw: active ? 600 : 500,
  };
  if (item.action) {
    const action = item.action;
    return (
      <NavLink
        {...common}
        component="button"
        type="button"
        onClick={() => {
          onChosen?.();
          onAction(action);
        }}
      />
    );
  }
  if (isExternalLink(url)) {
    return (
      <NavLink
        {...common}
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${t(item.menu_name)} ${t('menu.opensInNewTab')}`}
        onClick={onChosen}
      />
    );
  }
  return (
    <NavLink
      {...common}
      ref={ref}
      component={Link}
      to={url}
      aria-current={active ? 'page' : undefined}
      onClick={onChosen}
    />
  );
}
