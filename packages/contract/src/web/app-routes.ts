/**
 * Every path the web app's router draws a page at (apps/web/src/app/router/routes.tsx, as written there: no leading
 * slash, `:param` and `:param?`), the one list both sides read: the server answers these addresses with the app
 * (apps/server/src/site/site-head.ts by APP_SEGMENTS), and the web's routes test fails when its router and this list
 * differ, so a new page cannot be forgotten by the server (a mailed /letters link once answered 404; issue 33).
 */
/** The public site's pages (the router's SITE_ROUTES), in English and under /es: drawn with the first load's texts. */
export const SITE_ROUTE_PATHS = [
  'p/:page_route',
  'about-us',
  'contact-us',
  'coming-soon',
  'landing-page',
  'list',
  'list/:page_route',
  'detail/:page_route',
  'detail/:page_route/:page_route_1',
  'detail/:page_route/:page_route_1/:page_route_2',
  'gallery-list',
  'gallery-detail',
  'gallery-detail/:id',
  'events/:events',
  'seeker',
  'seeker/:route',
  'job-detail',
  'forms',
  'forms/:route',
  'forms/:doc_type/:route',
  'webform-child',
  'edit-webformchild',
  'new/:page_route',
  'social-share',
] as const;

export const WEB_ROUTE_PATHS = [
  ...SITE_ROUTE_PATHS,
  'admin/site/preview',
  'home',
  'home/:id',
  'p/home',
  'login',
  'register',
  'register-form',
  'register-form/individual',
  'register-form/business',
  'reset-password',
  'billing',
  'billing/shared/:token',
  'shared/:token',
  'billing/:id',
  'edit-profile',
  'my-profile/:id_1?/:id_2?/:ticket_id?',
  'confirm-email',
  'accept-invitation',
  'join-household',
  'es',
  // Signed in (RequireSession).
  'dashboard',
  'security',
  'create-ticket',
  'create-ticket/:id',
  'my-tickets',
  'my-tickets/:id',
  'form/:id/:ticket_id',
  'all-tickets',
  'open-tickets',
  'notifications',
  'contacts',
  'contacts/:id',
  'admin/catalog',
  'admin/organizers/:id?',
  'admin/engagement-templates/:id?',
  'letters/:id?',
  'admin/client-imports/:id?',
  'admin/offers',
  'consents',
  'consents/:id',
  'admin/audit-log',
  'admin/staff',
  'inbox',
  'inbox/:kind/:id',
  'admin/site',
  'admin/site/:section',
  'admin/site/:section/:id',
  'c',
  'c/:page_route',
  'vault',
  'form-wizards',
  'form/:id',
  'referral',
  'grid/:route',
] as const;

/** The first path segments of WEB_ROUTE_PATHS: an address starting with one of them is the app's own page. */
export const APP_SEGMENTS: ReadonlySet<string> = new Set(WEB_ROUTE_PATHS.map((p) => p.split('/')[0]!));

/** The first path segments of SITE_ROUTE_PATHS: under /es, an address starting with one of them is the app's page. */
export const SITE_SEGMENTS: ReadonlySet<string> = new Set(SITE_ROUTE_PATHS.map((p) => p.split('/')[0]!));
