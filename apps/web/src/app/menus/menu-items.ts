import {
  IconAddressBook,
  IconFolder,
  IconFolderFilled,
  IconInbox,
  IconLayoutDashboard,
  IconLayoutDashboardFilled,
  IconLock,
  IconLockFilled,
  IconLogout,
  IconMail,
  IconMailFilled,
  IconReceipt,
  IconReceiptFilled,
  IconSearch,
  IconShieldCheck,
  IconShieldCheckFilled,
  IconSquareRoundedPlus,
  IconSquareRoundedPlusFilled,
  IconTicket,
  IconTicketFilled,
  IconUserCircle,
  IconUserCog,
  IconUsersGroup,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';
import { hasAnyRole, OPEN_REQUEST_ROLES, type Role } from '@taxportal/contract';
import type en from '../i18n/en.json';

export type MenuLabelKey = `menu.${keyof (typeof en)['menu']}`;
export type MenuAction = 'change-password' | 'logout';

/** One entry of SPEC §2's menus: menu_name, redirect_url, icon, active_icon (plus an action for modal entries). */
export interface MenuItem {
  /** Stable id, used in data-testid="menu-item-<slug>". */
  slug: string;
  menu_name: MenuLabelKey;
  redirect_url: string | null;
  icon: Icon;
  active_icon: Icon;
  action?: MenuAction;
  /** The api the original mobile menu named for this entry; informative. */
  api_name?: string;
}

const item = (
  slug: string,
  menu_name: MenuLabelKey,
  redirect_url: string | null,
  icon: Icon,
  active_icon = icon,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  slug,
  menu_name,
  redirect_url,
  icon,
  active_icon,
  ...extra,
});

export const MENU = {
  dashboard: item('dashboard', 'menu.dashboard', '/dashboard', IconLayoutDashboard, IconLayoutDashboardFilled),
  openRequest: item('open-request', 'menu.openRequest', '/open-tickets', IconInbox),
  serviceRequest: item('service-request', 'menu.serviceRequest', '/my-tickets', IconTicket, IconTicketFilled),
  documentVault: item('document-vault', 'menu.documentVault', '/vault', IconFolder, IconFolderFilled),
  customerBilling: item('billing', 'menu.billing', '/billing', IconReceipt, IconReceiptFilled, {
    api_name: 'get_si_ticket_id',
  }),
  staffBilling: item('billing', 'menu.billing', '/billing', IconReceipt, IconReceiptFilled, {
    api_name: 'agent_invoice_list',
  }),
  search: item('search', 'menu.search', '/all-tickets', IconSearch),
  contacts: item('contacts', 'menu.contacts', '/contacts', IconAddressBook, IconUsersGroup),
  // §7216 consents (docs/decisions/0034): an icon the menu already carries (the audit log's); a new one would grow
  // every page's first load.
  consents: item('consents', 'menu.consents', '/consents', IconShieldCheck, IconShieldCheckFilled),
  // Engagement letters (docs/decisions/0036): an icon the menu already carries (the inbox's envelope).
  letters: item('letters', 'menu.letters', '/letters', IconMail, IconMailFilled),
  auditLog: item('audit-log', 'menu.auditLog', '/admin/audit-log', IconShieldCheck, IconShieldCheckFilled),
  createTicket: item(
    'create-ticket',
    'menu.createTicket',
    '/create-ticket',
    IconSquareRoundedPlus,
    IconSquareRoundedPlusFilled,
  ),
  myProfile: item('my-profile', 'menu.myProfile', '/my-profile', IconUserCircle),
  // An icon the menu already carries (contacts' active one): customers never see contacts, and a new icon would grow
  // every page's first load.
  referral: item('referral', 'menu.referral', '/referral', IconUsersGroup),
  staff: item('staff', 'menu.staff', '/admin/staff', IconUserCog),
  // Staff's menu has no vault: its folder icon is already in the first load (a new one would grow every page's).
  organizers: item('organizers', 'menu.organizers', '/admin/organizers', IconFolder, IconFolderFilled),
  engagementTemplates: item(
    'engagement-templates',
    'menu.engagementTemplates',
    '/admin/engagement-templates',
    IconFolder,
    IconFolderFilled,
  ),
  clientImport: item('client-import', 'menu.clientImport', '/admin/client-imports', IconAddressBook),
  // An icon the menu already carries (the inbox's): a new one would grow every page's first load.
  offers: item('offers', 'menu.offers', '/admin/offers', IconMail),
  inbox: item('inbox', 'menu.inbox', '/inbox', IconMail, IconMailFilled),
  site: item('site', 'menu.site', '/admin/site', IconWorldWww),
  changePassword: item('change-password', 'menu.changePassword', null, IconLock, IconLockFilled, {
    action: 'change-password',
  }),
  logout: item('logout', 'menu.logout', null, IconLogout, IconLogout, { action: 'logout' }),
} satisfies Record<string, MenuItem>;

const seesOpenRequest = (roles: readonly Role[]) => hasAnyRole(roles, OPEN_REQUEST_ROLES);

/** What the session says beyond the role (the site-editor permission an Admin grants). */
export interface MenuOptions {
  siteEditor?: boolean | undefined;
}

/**
 * The side menu of SPEC §2. `role` is the login role; customers get the reduced menu,
 * Admin and Customer Care Department get Open Request in second position. Every staff member has the public
 * site's inbox; Admins and site editors the site's editor.
 */
export function buildSideMenu(role: Role, opts: MenuOptions = {}): MenuItem[] {
  if (role === 'Customer') {
    return [
      MENU.dashboard,
      MENU.serviceRequest,
      MENU.documentVault,
      MENU.customerBilling,
      MENU.referral,
      MENU.consents,
      MENU.letters,
      MENU.myProfile,
      MENU.changePassword,
      MENU.logout,
    ];
  }
  const items = [
    MENU.dashboard,
    MENU.serviceRequest,
    MENU.search,
    MENU.contacts,
    MENU.consents,
    MENU.letters,
    MENU.inbox,
    MENU.staffBilling,
    MENU.myProfile,
    MENU.changePassword,
    MENU.logout,
  ];
  if (seesOpenRequest([role])) items.splice(1, 0, MENU.openRequest);
  // FTC Safeguards Rule 314.4(c)(8): the Admin monitors what authorized users did.
  if (role === 'Admin') items.splice(items.indexOf(MENU.myProfile), 0, MENU.auditLog, MENU.staff, MENU.organizers);
  if (role === 'Admin') items.splice(items.indexOf(MENU.myProfile), 0, MENU.engagementTemplates);
  if (role === 'Admin') items.splice(items.indexOf(MENU.myProfile), 0, MENU.clientImport, MENU.offers);
  if (role === 'Admin' || opts.siteEditor) items.splice(items.indexOf(MENU.myProfile), 0, MENU.site);
  return items;
}

export const TAB_MENU_MAX = 5;

/**
 * The mobile tab bar: Dashboard, (Open Request), Service Request, Create Ticket, then "More"
 * holding every other side-menu entry, Change Password and Logout included.
 */
export function buildTabMenu(role: Role, opts: MenuOptions = {}): { tabs: MenuItem[]; more: MenuItem[] } {
  const tabs = [MENU.dashboard];
  if (role !== 'Customer' && seesOpenRequest([role])) tabs.push(MENU.openRequest);
  tabs.push(MENU.serviceRequest, MENU.createTicket);
  const inTabs = new Set(tabs.map((t) => t.slug));
  const more = buildSideMenu(role, opts).filter((m) => !inTabs.has(m.slug));
  return { tabs: tabs.slice(0, TAB_MENU_MAX - 1), more };
}

/** Links starting with https leave the app: open them in a new tab. */
export const isExternalLink = (url: string | null): url is string => !!url && url.startsWith('https');

/** The entry whose page is showing: exact match or a sub-path of it. */
export function isMenuItemActive(menuItem: MenuItem, pathname: string): boolean {
  const url = menuItem.redirect_url;
  if (!url || isExternalLink(url)) return false;
  return pathname === url || pathname.startsWith(`${url}/`);
}

/** SPEC §2: no side pane on /, /register, /contact-us and any path whose first segment is p. */
export function isSideMenuHidden(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return first === '' || first === 'register' || first === 'contact-us' || first === 'p';
}
