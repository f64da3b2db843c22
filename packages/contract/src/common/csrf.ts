/**
 * Double-submit CSRF (DESIGN.md Security, docs/decisions/0011): the server sets a readable cookie bound to the
 * session; the page echoes its value in a header on every write. Both names are part of the HTTP contract (API.md).
 */
export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';
