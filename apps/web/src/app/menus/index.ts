export {
  buildSideMenu,
  buildTabMenu,
  isExternalLink,
  isMenuItemActive,
  isSideMenuHidden,
  MENU,
  TAB_MENU_MAX,
  type MenuAction,
  type MenuItem,
} from './menu-items.ts';
