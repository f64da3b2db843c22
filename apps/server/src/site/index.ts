// The public site's entry point (issue 11; docs/decisions/0018): other features, app.ts and the demo sample import
// it only from here (docs/decisions/0010).
export { siteRoutes } from './site.routes.ts';
export { siteAdminRoutes } from './site-admin.routes.ts';
export { siteSeoRoutes } from './site-seo.routes.ts';
/** The head index.html is sent with on a public route (platform/web.ts takes it as a function). */
export { pageHead } from './site-head.ts';
/** Turns on the published-content cache for the app's database (SITE_CACHE_SECONDS). */
export { configurePublishedCache } from './published-cache.ts';
/** Pages rendered for visitors, kept with the published content they are made of (app.ts, platform/prerender.ts). */
export { keepPublished } from './published-cache.ts';
/** The reference sites' origins, for the CSP's frame-src of the web app's pages (platform/web.ts). */
export { referenceFrameOrigins } from './site.service.ts';
/** What the demo sample builds the sample site with, as an editor would. */
export { createEntry, publishEntry, saveSettings, type Editor } from './site.service.ts';
/** The media library's store of an image, for the demo sample site's images (the upload's second half). */
export { storeMedia } from './site-media.service.ts';
/** The firm's country: a phone number typed without + is read in it (platform/phone.ts; contacts' lookup). */
export { firmCountry } from './site.service.ts';
/** The firm's name (its published site settings): in texts, on Form 8879 and the invoice's letterhead. */
export { firmName } from './site.service.ts';
/** The firm's address on one line (engagement letters' merge field). */
export { firmAddress } from './site.service.ts';
/** The site's allow-list sanitiser of rich text: engagement letter templates are taken in through it (0036). */
export { sanitizeRichText } from './site.sanitize.ts';
