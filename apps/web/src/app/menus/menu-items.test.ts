import { ROLES, type Role } from '@taxportal/contract';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import {
  buildSideMenu,
  buildTabMenu,
  isExternalLink,
  isMenuItemActive,
  isSideMenuHidden,
  MENU,
  TAB_MENU_MAX,
} from './menu-items.ts';

const labels = (role: Role) =>
  buildSideMenu(role).map((m) => en.menu[m.menu_name.slice('menu.'.length) as keyof typeof en.menu]);

describe('side menu (SPEC §2)', () => {
  it('gives a customer the reduced menu, in order', () => {
    expect(labels('Customer')).toEqual([
      'Dashboard',
      'Service Request',
      'Document Vault',
      'Billing',
      // Not in SPEC's menu: the referral page was linked from nowhere (issue 29).
      'Refer a Friend',
      'Consents',
      'Letters',
      'My Profile',
      'Change Password',
      'Logout',
    ]);
    expect(buildSideMenu('Customer').map((m) => m.redirect_url)).toEqual([
      '/dashboard',
      '/my-tickets',
      '/vault',
      '/billing',
      '/referral',
      '/consents',
      '/letters',
      '/my-profile',
      null,
      null,
    ]);
  });

  it.each(['Admin', 'Customer Care Department'] as const)('puts Open Request second for %s', (role) => {
    expect(labels(role)).toEqual([
      'Dashboard',
      'Open Request',
      'Service Request',
      'Search',
      'Contacts',
      'Consents',
      'Letters',
      'Inbox',
      'Billing',
      ...(role === 'Admin'
        ? ['Audit Log', 'Staff', 'Organizers', 'Letter templates', 'Import clients', 'Offers', 'Site']
        : []),
      'My Profile',
      'Change Password',
      'Logout',
    ]);
    expect(buildSideMenu(role)[1]!.redirect_url).toBe('/open-tickets');
  });

  it.each(['Tax Preparer', 'Reviewer'] as const)('gives %s the staff menu without Open Request', (role) => {
    expect(labels(role)).toEqual([
      'Dashboard',
      'Service Request',
      'Search',
      'Contacts',
      'Consents',
      'Letters',
      'Inbox',
      'Billing',
      'My Profile',
      'Change Password',
      'Logout',
    ]);
    expect(buildSideMenu(role).map((m) => m.redirect_url)).toEqual([
      '/dashboard',
      '/my-tickets',
      '/all-tickets',
      '/contacts',
      '/consents',
      '/letters',
      '/inbox',
      '/billing',
      '/my-profile',
      null,
      null,
    ]);
  });

  it('names the billing api per role set and opens dialogs for the last two entries', () => {
    expect(buildSideMenu('Customer').find((m) => m.slug === 'billing')!.api_name).toBe('get_si_ticket_id');
    expect(buildSideMenu('Admin').find((m) => m.slug === 'billing')!.api_name).toBe('agent_invoice_list');
    for (const role of ROLES) {
      expect(
        buildSideMenu(role)
          .slice(-2)
          .map((m) => m.action),
      ).toEqual(['change-password', 'logout']);
    }
  });

  it('gives every entry menu_name, redirect_url, icon and active_icon', () => {
    for (const role of ROLES) {
      for (const m of buildSideMenu(role)) {
        expect(m).toEqual(
          expect.objectContaining({
            menu_name: expect.any(String),
            icon: expect.anything(),
            active_icon: expect.anything(),
          }),
        );
        expect(m).toHaveProperty('redirect_url');
      }
    }
  });

  it('shows Site to Admins and to staff an Admin made site editors, and to no one else', () => {
    expect(buildSideMenu('Tax Preparer').some((m) => m.slug === 'site')).toBe(false);
    expect(buildSideMenu('Tax Preparer', { siteEditor: false }).some((m) => m.slug === 'site')).toBe(false);
    const editor = buildSideMenu('Tax Preparer', { siteEditor: true }).map((m) => m.slug);
    expect(editor.slice(-4)).toEqual(['site', 'my-profile', 'change-password', 'logout']);
    expect(buildTabMenu('Reviewer', { siteEditor: true }).more.some((m) => m.slug === 'site')).toBe(true);
    expect(buildSideMenu('Customer').some((m) => m.slug === 'site' || m.slug === 'inbox')).toBe(false);
  });
});

describe('tab menu (mobile)', () => {
  it('shows Dashboard, Service Request and Create Ticket to a customer, the rest under More', () => {
    const { tabs, more } = buildTabMenu('Customer');
    expect(tabs.map((m) => m.slug)).toEqual(['dashboard', 'service-request', 'create-ticket']);
    expect(more.map((m) => m.slug)).toEqual([
      'document-vault',
      'billing',
      'referral',
      'consents',
      'letters',
      'my-profile',
      'change-password',
      'logout',
    ]);
  });

  it('adds Open Request for Admin and Customer Care, never more than five slots with More', () => {
    for (const role of ROLES) {
      const { tabs, more } = buildTabMenu(role);
      expect(tabs.length + 1).toBeLessThanOrEqual(TAB_MENU_MAX);
      expect(more.map((m) => m.slug)).toEqual(expect.arrayContaining(['change-password', 'logout']));
      const all = [...tabs, ...more].map((m) => m.slug);
      expect(new Set(all).size).toBe(all.length);
    }
    expect(buildTabMenu('Admin').tabs.map((m) => m.slug)).toEqual([
      'dashboard',
      'open-request',
      'service-request',
      'create-ticket',
    ]);
    expect(buildTabMenu('Tax Preparer').tabs.map((m) => m.slug)).toEqual([
      'dashboard',
      'service-request',
      'create-ticket',
    ]);
  });
});

describe('menu helpers', () => {
  it('hides the side menu on /, /register, /contact-us and p/*', () => {
    for (const p of ['/', '/register', '/contact-us', '/p/about', '/p/home']) expect(isSideMenuHidden(p)).toBe(true);
    for (const p of ['/dashboard', '/my-tickets/1', '/register-form', '/billing'])
      expect(isSideMenuHidden(p)).toBe(false);
  });

  it('treats https links as external and matches sub-paths as active', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('/vault')).toBe(false);
    expect(isMenuItemActive(MENU.serviceRequest, '/my-tickets/42')).toBe(true);
    expect(isMenuItemActive(MENU.serviceRequest, '/my-ticketsx')).toBe(false);
    expect(isMenuItemActive(MENU.logout, '/dashboard')).toBe(false);
  });
});
