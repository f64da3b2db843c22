import { vi } from 'vitest';

export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' },
  });

export interface Call {
  method: string;
  path: string;
  body: unknown;
  query: URLSearchParams;
}

/** Answers fetch by "METHOD /path" (path without /api/v1 and query); records every call. */
export function mockApi(routes: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  // A browser with a session has the CSRF cookie set beside it (lib/session asks for the session only then).
  if (routes['GET /auth/session']) document.cookie = 'csrf_token=test-csrf; path=/';
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, path, body, query: url.searchParams };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    if (!handler) return json(404, { type: 'about:blank', title: 'Not found', status: 404, detail: 'Not found.' });
    return handler(call);
  });
  return calls;
}
