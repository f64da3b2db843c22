import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { siteSettingsSchema } from '@taxportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SiteFrame } from './site-frame.tsx';

const settings = siteSettingsSchema.parse({
  firm_name: 'Harbor Tax',
  tagline: { en: '' },
  colors: { primary: '#1c7ed6', accent: '#f59f00' },
  business: {
    street: '',
    locality: '',
    region: '',
    postal_code: '',
    phone: '',
    email: '',
    hours: { en: '' },
    map_url: '',
  },
  header_menu: [
    {
      label: { en: 'Services' },
      href: '/p/services',
      children: [
        { label: { en: 'Pricing' }, href: '/p/pricing' },
        { label: { en: 'IRS' }, href: 'https://www.irs.gov' },
      ],
    },
    { label: { en: 'Contact' }, href: '/contact-us', children: [] },
  ],
  footer_columns: [],
  social_links: [],
  reference_sites: [],
});

const PHONE = '(max-width: 47.99em)';
/** Phones' media query matches (useIsPhone), or not. */
function onPhone(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query === PHONE,
  }));
}

describe("the public site's header menu (issue 29 item 13.3)", () => {
  it("on a desk, draws an entry's submenu as a menu whose items are links, reached with the keyboard", async () => {
    onPhone(false);
    mockApi({ 'GET /site': () => json(200, { settings, currency: 'USD' }) });
    renderWithProviders(<SiteFrame>page</SiteFrame>);
    const user = userEvent.setup();
    const services = await screen.findByRole('button', { name: 'Services' });
    expect(services).toHaveAttribute('aria-haspopup', 'menu');

    services.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(services).toHaveAttribute('aria-expanded', 'true'));
    const menu = await screen.findByTestId('site-nav-submenu');
    // jsdom lays nothing out: the dropdown's floating position reads as detached from its button, hence hidden.
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Services', '/p/services'],
      ['Pricing', '/p/pricing'],
      ['IRS', 'https://www.irs.gov'],
    ]);
    // Before: the items were page links (Anchor) that dropped what the menu gives its items: no role, no roving
    // focus, no arrow keys, and the page link's look.
    for (const item of items) {
      expect(item.tagName).toBe('A');
      expect(item).toHaveAttribute('tabindex', '-1');
      expect(item).toHaveClass('mantine-Menu-item');
      expect(item).not.toHaveClass('mantine-Anchor-root');
    }
    expect(items[2]).toHaveAttribute('target', '_blank');

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone, lists every entry and its submenu in the menu drawer', async () => {
    onPhone(true);
    mockApi({ 'GET /site': () => json(200, { settings, currency: 'USD' }) });
    renderWithProviders(<SiteFrame>page</SiteFrame>);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Harbor Tax' });
    const links = within(drawer).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Services', '/p/services'],
      ['Pricing', '/p/pricing'],
      ['IRS', 'https://www.irs.gov'],
      ['Contact', '/contact-us'],
    ]);
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });
});
