// What an address an editor typed leads to: the one rule for the contract's schemas and the public pages' links.

/** Stands for this site's origin when an address is resolved (the real one is the server's PUBLIC_URL). */
const SITE = 'https://site.invalid';

/**
 * What an address an editor typed leads to, decided by parsing it as a browser would against this site's origin,
 * never by its first characters: a path that stays on this site (`/about`, `/p/x?y#z`), an anchor, a web address,
 * `mailto:` or `tel:`; or nothing (null). `/\\evil.example/x` looks like a path but a browser reads it as
 * `//evil.example/x`, another site: it is not a path on this site. The contract refuses such addresses, and the
 * pages do not link them (one rule for both).
 */
export function hrefTarget(
  href: string,
  opts: { images?: boolean } = {},
): { kind: 'path' | 'anchor' | 'web' | 'mailto' | 'tel'; href: string } | null {
  const value = href.trim();
  // eslint-disable-next-line no-control-regex -- a control character in an address is refused
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return null;
  if (/^tel:/i.test(value))
    return !opts.images && /^tel:\+?[\d\s()-]+$/i.test(value) ? { kind: 'tel', href: value } : null;
  if (/\s/.test(value)) return null;
  if (value.startsWith('#'))
    return opts.images ? null : /^#[\w-]*$/.test(value) ? { kind: 'anchor', href: value } : null;
  let url: URL;
  try {
    url = new URL(value, `${SITE}/`);
  } catch {
    return null;
  }
  if (value.startsWith('/')) {
    return url.origin === SITE && !value.includes('\\') ? { kind: 'path', href: value } : null;
  }
  // An image comes from this site only (its media library, its paths): the pages' Content-Security-Policy loads no
  // other (img-src 'self'), and a visitor's browser is sent to no one else's server (docs/decisions/0027).
  if (opts.images) return null;
  if (url.protocol === 'https:' || url.protocol === 'http:') {
    return url.hostname && url.origin !== SITE && /^https?:\/\/[^/\\]/i.test(value)
      ? { kind: 'web', href: value }
      : null;
  }
  if (url.protocol === 'mailto:' && value.length > 'mailto:'.length) return { kind: 'mailto', href: value };
  return null;
}
