import { screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { WEB_ROUTE_PATHS } from '@taxportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { routes } from './routes.tsx';

const leafPath = (url: string) => matchRoutes(routes, url)?.at(-1)?.route.path;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const signedOut = () =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () =>
      json(401, { type: 'x', title: 'Not signed in', status: 401, detail: 'Please sign in to continue.' }),
    );

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />, { route: null });
  return router;
}

/** Every path the router draws a page at, as written (the Spanish site's /es/… folded onto its English paths). */
function pathsOf(list: RouteObject[], prefix = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path ? (prefix ? `${prefix}/${r.path}` : r.path) : prefix;
    return [...(r.path && r.path !== '*' ? [here] : []), ...pathsOf(r.children ?? [], here)];
  });
}

describe('routes (SPEC §2)', () => {
  it('draws exactly the contract’s WEB_ROUTE_PATHS, the list the server answers with the app (issue 33)', () => {
    const drawn = new Set(pathsOf(routes).map((p) => p.replace(/^es\//, '')));
    expect([...drawn].sort()).toEqual([...WEB_ROUTE_PATHS].sort());
  });

  it.each([
    ['/home/7', 'home/:id'],
    ['/register-form/business', 'register-form/business'],
    ['/seeker/jobs', 'seeker/:route'],
    ['/events/spring', 'events/:events'],
    ['/p/about', 'p/:page_route'],
    ['/new/intake', 'new/:page_route'],
    ['/detail/a', 'detail/:page_route'],
    ['/forms', 'forms'],
    ['/webform-child', 'webform-child'],
    ['/gallery-detail', 'gallery-detail'],
    ['/detail/a/b/c', 'detail/:page_route/:page_route_1/:page_route_2'],
    ['/c/builder', 'c/:page_route'],
    ['/forms/w9/start', 'forms/:doc_type/:route'],
    ['/my-profile', 'my-profile/:id_1?/:id_2?/:ticket_id?'],
    ['/my-profile/1/2/TD.0001', 'my-profile/:id_1?/:id_2?/:ticket_id?'],
    ['/grid/root', 'grid/:route'],
    ['/form/message/TD.0001', 'form/:id/:ticket_id'],
    ['/my-tickets/42', 'my-tickets/:id'],
    ['/create-ticket/9', 'create-ticket/:id'],
    ['/reset-password', 'reset-password'],
    ['/nothing/here', '*'],
  ])('matches %s to %s', (url, path) => {
    expect(leafPath(url)).toBe(path);
  });

  it('sends a visitor without a session from a guarded route to sign in, and back to it after (issue 30)', async () => {
    signedOut();
    const router = renderAt('/form/message/TD.0012?x=1');
    // A lazily loaded page: its first import can pass findBy's second on a busy runner.
    expect(await screen.findByText('Sign in to your account', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/form/message/TD.0012?x=1')}`);
  });

  it('redirects login to register and p/home to /', async () => {
    signedOut();
    const router = renderAt('/login');
    // A lazily loaded page: its first import can pass findBy's second on a busy runner.
    expect(await screen.findByText('Sign in to your account', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    await router.navigate('/p/home');
    expect(await screen.findByText('Your taxes, prepared by professionals', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('leads webform-child and edit-webformchild without a submission to forms, and job-detail to seeker', async () => {
    signedOut();
    const router = renderAt('/edit-webformchild');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forms'), { timeout: 8000 });
    await router.navigate('/webform-child');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
    await router.navigate('/job-detail');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/seeker'));
    await router.navigate('/job-detail?route=preparer');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/seeker/preparer'));
    await router.navigate('/gallery-detail');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/gallery-list'));
  });

  it('presets register-form/{type} for an individual or a business; another type is not found', async () => {
    signedOut();
    const router = renderAt('/register-form/business');
    expect(await screen.findByLabelText(/Business name/)).toBeInTheDocument();
    await router.navigate('/register-form/individual');
    expect(await screen.findByLabelText(/Full name/)).toBeInTheDocument();
    await router.navigate('/register-form/estate');
    expect(await screen.findByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();
  });
});
