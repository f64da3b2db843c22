// The site's public origin, for absolute links (share links, the addresses a page shows). A module of its own,
// without components, so the entry can set it (main.tsx, entry-server.tsx) without loading the site's parts.

/** The site's public origin when the server rendered the page (and the browser hydrates it): its PUBLIC_URL. */
let siteOrigin: string | null = null;
export const setSiteOrigin = (origin: string): void => {
  siteOrigin = origin;
};

/** A page of this site, by its path, as an absolute address. */
export const absoluteUrl = (path: string) => new URL(path, siteOrigin ?? window.location.origin).toString();
