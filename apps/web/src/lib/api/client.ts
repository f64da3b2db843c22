import { problemSchema } from '@taxportal/contract';
import { ApiError } from './api-error.ts';

const BASE = '/api/v1';
const CSRF_COOKIE = 'csrf_token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Set by the shell so that errors without a server message use the catalogue's text. */
let fallbackMessage = 'Something Went Wrong';
export const setFallbackErrorMessage = (message: string): void => {
  fallbackMessage = message;
};

/** The CSRF token the server set in a readable cookie (double submit, see DESIGN.md Security). */
export function readCsrfToken(cookie: string = document.cookie): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const parsed = problemSchema.safeParse(await res.json());
    if (parsed.success) return new ApiError(res.status, parsed.data.detail, parsed.data.errors ?? []);
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return new ApiError(res.status, fallbackMessage);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** fetch for our API: same-origin cookies, CSRF header on writes, problem+json turned into ApiError. */
export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (!SAFE_METHODS.has(method)) {
    const csrf = readCsrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
  }
  let res: Response;
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, fallbackMessage);
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};
