import { NAMED_PAGE_ROUTES, type ContentKind, type PageVariant } from './kinds.ts';

const NAMED = new Set<string>(NAMED_PAGE_ROUTES.filter((r) => r !== 'home'));

/**
 * Where each published item lives on the public site (SPEC §2 routes). The server's sitemap and head tags and the
 * web's links all use this one mapping.
 */
export function publicPathOf(kind: ContentKind, key: string): string | null {
  switch (kind) {
    case 'pages':
      if (key === 'home') return '/';
      return NAMED.has(key) ? `/${key}` : `/p/${key}`;
    case 'posts':
      return `/detail/blog/${key}`;
    case 'categories':
      return `/list/${key}`;
    case 'galleries':
      return `/gallery-detail/${key}`;
    case 'events':
      return `/events/${key}`;
    case 'jobs':
      return `/seeker/${key}`;
    case 'forms':
      return `/forms/${key}`;
  }
}

/** What a public path shows, the reverse of publicPathOf; null for paths that are not the public site's. */
export type PublicTarget =
  | { kind: 'pages'; key: string; variant?: PageVariant }
  | { kind: Exclude<ContentKind, 'pages' | 'posts'>; key: string }
  /** A post; `category` when the path names one (`detail/blog/{category}/{slug}`): the post must be in it. */
  | { kind: 'posts'; key: string; category?: string }
  | { kind: 'list'; of: 'posts' | 'galleries' | 'jobs' | 'events'; category?: string };

export function publicTargetOf(pathname: string): PublicTarget | null {
  const parts = pathname.split('/').filter(Boolean);
  const [first, second, third, fourth] = parts;
  if (parts.length === 0 || (first === 'home' && parts.length <= 2)) return { kind: 'pages', key: 'home' };
  if (parts.length === 1 && NAMED.has(first!)) return { kind: 'pages', key: first! };
  if (first === 'p' && parts.length === 2) return { kind: 'pages', key: second! };
  // detail/{slug}, detail/blog/{slug}, detail/blog/{category}/{slug} (SPEC §2: up to three levels).
  if (first === 'detail' && parts.length === 2) return { kind: 'posts', key: second! };
  if (first === 'detail' && second === 'blog' && parts.length === 3) return { kind: 'posts', key: third! };
  if (first === 'detail' && second === 'blog' && parts.length === 4)
    return { kind: 'posts', key: fourth!, category: third! };
  if (first === 'list' && parts.length === 1) return { kind: 'list', of: 'posts' };
  if (first === 'list' && second === 'blog' && parts.length === 2) return { kind: 'list', of: 'posts' };
  if (first === 'list' && parts.length === 2) return { kind: 'list', of: 'posts', category: second };
  if (first === 'gallery-list' && parts.length === 1) return { kind: 'list', of: 'galleries' };
  if (first === 'gallery-detail' && parts.length === 2) return { kind: 'galleries', key: second! };
  if (first === 'events' && parts.length === 2) return { kind: 'events', key: second! };
  if (first === 'seeker' && parts.length === 1) return { kind: 'list', of: 'jobs' };
  if (first === 'seeker' && parts.length === 2) return { kind: 'jobs', key: second! };
  if (first === 'forms' && parts.length === 2) return { kind: 'forms', key: second! };
  if (first === 'new' && parts.length === 2) return { kind: 'forms', key: second! };
  return null;
}

/**
 * A signed-in visitor's own pages under the public site's routes (`forms/{form}/{id}`, `webform-child`,
 * `edit-webformchild`): never for search engines (noindex, not in the sitemap).
 */
export function isPrivateSitePath(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  return (
    (parts[0] === 'forms' && parts.length === 3) ||
    (parts.length === 1 && (parts[0] === 'webform-child' || parts[0] === 'edit-webformchild'))
  );
}

/** The site editor's preview frame: the one page of the app that the app itself may frame (same origin). */
export const SITE_PREVIEW_PATH = '/admin/site/preview';

/** The site's pages that are not one piece of content (the forms' list, the addresses that lead on, sharing). */
export const SITE_APP_PATHS = ['/forms', '/gallery-detail', '/job-detail', '/social-share'] as const;

/** Whether a path (its query aside) is a page of the public site, which has a Spanish address under /es. */
export function isSitePath(href: string): boolean {
  const path = href.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) return false;
  return publicTargetOf(path) !== null || (SITE_APP_PATHS as readonly string[]).includes(path.replace(/(.)\/$/, '$1'));
}
