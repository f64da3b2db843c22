/**
 * First path segments the web app answers (SPEC §2 and the portal's own pages): site-head.ts tells the portal's
 * addresses from the site's pages by them; any other path that is no site page is a 404. They come from the
 * contract's WEB_ROUTE_PATHS, the web router's own list (its routes test checks the two agree).
 */
export { APP_SEGMENTS, SITE_SEGMENTS } from '@taxportal/contract';
