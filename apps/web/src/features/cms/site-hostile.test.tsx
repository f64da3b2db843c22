import { siteSettingsSchema } from '@taxportal/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { QuietBoundary } from '../../ui/quiet-boundary.tsx';
import { SiteLink } from './site-links.tsx';
import { EventPage } from './site-pages.tsx';

afterEach(() => vi.restoreAllMocks());

/** Content stored before the contract refused it (issue 28) draws as text, or not at all, and the page stands. */
describe('what the public pages make of content the contract now refuses', () => {
  it('draws a path-like address that leads to another site as text, never as a link', () => {
    renderWithProviders(
      <>
        <SiteLink href={'/\\evil.example/x'}>Evil</SiteLink>
        <SiteLink href="//evil.example/x">Evil too</SiteLink>
        <SiteLink href="javascript:alert(1)">Script</SiteLink>
        <SiteLink href="/p/about?x=1#top">About</SiteLink>
        <SiteLink href="https://www.irs.gov">IRS</SiteLink>
      </>,
    );
    for (const name of ['Evil', 'Evil too', 'Script']) {
      expect(screen.getByText(name).closest('a')).toBeNull();
    }
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/p/about?x=1#top');
    expect(screen.getByRole('link', { name: 'IRS' })).toHaveAttribute('target', '_blank');
  });

  it('shows an event in a zone nobody can format in, in UTC, instead of crashing its page', async () => {
    mockApi({
      'GET /site': () =>
        json(200, {
          currency: 'USD',
          settings: siteSettingsSchema.parse({
            firm_name: 'Harbor Tax',
            tagline: { en: '' },
            logo: null,
            colors: { primary: '#1c7ed6', accent: '#f59f00' },
            business: {
              street: '',
              locality: '',
              region: '',
              postal_code: '',
              country: 'US',
              phone: '',
              email: '',
              hours: { en: '' },
              map_url: '',
            },
            header_menu: [],
            footer_columns: [],
            social_links: [],
            reference_sites: [],
          }),
        }),
      'GET /site/events/mars': () =>
        json(200, {
          id: 'e1',
          published_at: '2027-01-01T00:00:00.000Z',
          slug: 'mars',
          title: { en: 'Mars webinar' },
          summary: { en: '' },
          body: { en: '' },
          starts_at: '2027-04-01T18:00:00-04:00',
          ends_at: null,
          time_zone: 'Mars/Olympus_Mons',
          place: '',
          online_url: '',
          form: null,
          cover: null,
        }),
    });
    renderWithProviders(
      <Routes>
        <Route path="/events/:events" element={<EventPage />} />
      </Routes>,
      { route: '/events/mars' },
    );
    expect(await screen.findByRole('heading', { name: 'Mars webinar' })).toBeInTheDocument();
    expect(screen.getByText(/UTC/)).toBeInTheDocument();
  });

  it('a part that fails to draw leaves its fallback, and the rest of the page', () => {
    const Broken = () => {
      throw new Error('cannot draw');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <div>
        <p>Before</p>
        <QuietBoundary fallback={<span data-testid="quiet" />}>
          <Broken />
        </QuietBoundary>
        <p>After</p>
      </div>,
    );
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('After')).toBeInTheDocument();
    expect(screen.getByTestId('quiet')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('cannot draw');
  });
});
