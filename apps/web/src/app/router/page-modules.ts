/**
 * The source modules each page is made of (router/pages.ts and router/composed-pages.tsx load them): looked up in
 * the build's manifest by the server's renderer (entry-server.tsx: the styles and preloads of a rendered page) and
 * by the bundle budget (bundle-budget.test.ts). Plain data: no module here is imported.
 */
export const PAGE_MODULES = {
  home: ['src/features/cms/home-page.tsx'],
  site: ['src/features/cms/home-page.tsx', 'src/features/cms/site-pages.tsx'],
  // The phone and social buttons are drawn with the page (register-page.tsx).
  register: ['src/features/auth/register-page.tsx', 'src/features/auth/social-sign-in.tsx'],
  resetPassword: ['src/features/auth/reset-password-page.tsx'],
  dashboard: [
    'src/features/dashboard/dashboard-page.tsx',
    'src/features/document-requests/dashboard-requests-panel.tsx',
    'src/features/billing/dashboard-invoices-panel.tsx',
  ],
  myTickets: ['src/features/tickets/my-tickets-page.tsx'],
  ticket: [
    'src/features/tickets/ticket-page.tsx',
    'src/features/documents/ticket-uploads-panel.tsx',
    'src/features/document-requests/ticket-requests-panel.tsx',
    'src/features/signing/ticket-drafts-panel.tsx',
    'src/features/billing/ticket-invoice-panel.tsx',
    'src/features/third-party/ticket-shares-slot.tsx',
  ],
  vault: ['src/features/documents/vault-page.tsx'],
  billing: ['src/features/billing/billing-page.tsx'],
  allTickets: ['src/features/tickets/all-tickets-page.tsx'],
} as const satisfies Record<string, readonly string[]>;

/**
 * A route's `handle` (routes.tsx) when the server renders its page for the person signed in, a `reader` of that
 * role (entry-server.tsx): which of PAGE_MODULES it is made of.
 */
export interface RenderedForReader {
  renderedFor: { reader: 'customer' | 'staff'; page: keyof typeof PAGE_MODULES };
}

/**
 * A route's `handle` (routes.tsx) for a page opened by a secret link (a share link's token in its address): never
 * rendered on the server for a visitor (entry-server.tsx), so no render of it is kept for the next visitor, a link
 * ended a moment ago never shows from a kept render, and each open is the browser's own request, recorded with its
 * address and browser (docs/decisions/0035).
 */
export interface OpenedByLink {
  openedByLink: true;
}

/** The signed-in shell: the layout's parts for someone signed in (menus, dialogs, live updates). */
export const SIGNED_IN_SHELL_MODULE = 'src/app/layout/signed-in-shell.tsx';

/** The portal's texts: loaded with the signed-in shell and every page but the public ones (i18n/portal-texts.ts). */
export const PORTAL_TEXTS_MODULE = 'src/app/i18n/portal-texts.ts';
