/**
 * `?a=1&cursor=…` for a list's filters and keyset cursor: empty values (undefined, null, '') are left out of
 * the URL; '' when nothing is left.
 */
export function queryString(filters: object, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return s ? `?${s}` : '';
}
