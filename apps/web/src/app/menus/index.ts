export {
  buildSideMenu,
  buildTabMenu,
  isExternalLink,
  isMenuItemActive,
  isSideMenuHidden,
  type MenuAction,
  type MenuItem,
} from './menu-items.ts';
