// Values only, without zod: the public pages' paths (paths.ts) read them on every page, and a module is bundled
// whole with whatever of it any chunk reads. The schemas are in content.ts.

/** Named routes a page may take besides `p/{route}` (SPEC §2). */
export const NAMED_PAGE_ROUTES = ['home', 'about-us', 'contact-us', 'coming-soon', 'landing-page'] as const;
export const PAGE_VARIANTS = ['web', 'mobile'] as const;
export type PageVariant = (typeof PAGE_VARIANTS)[number];

/** Each kind of content an editor manages, with its schema: one set of admin endpoints per kind. */
export const CONTENT_KINDS = ['pages', 'posts', 'categories', 'galleries', 'events', 'jobs', 'forms'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
