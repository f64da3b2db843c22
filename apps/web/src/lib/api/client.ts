import { CSRF_COOKIE, CSRF_HEADER, isProblem } from '@taxportal/contract';
import { ApiError } from './api-error.ts';

/**
 * The one HTTP client for our API: every request (JSON, multipart form, upload with progress, file download)
 * goes out with same-origin cookies and, on writes, the CSRF header; every failure comes back as an ApiError
 * read from problem+json, or with the one fallback text.
 */
const BASE = '/api/v1';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How requests reach the API: the browser's fetch; in process on the server when it renders a page (entry-server.tsx). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);
/** Used by entry-server.tsx only: the server's own routes, in process (each render's own: anonymous, or as its reader). */
export const setApiTransport = (next: ApiTransport): void => {
  transport = next;
};

/** Set by the shell so that errors without a server message use the catalogue's text. */
let fallbackMessage = 'Something Went Wrong';
export const setFallbackErrorMessage = (message: string): void => {
  fallbackMessage = message;
};

/** What to tell the user about a failure: the server's `detail`, else SPEC's 'Something Went Wrong'. */
export const errorMessage = (err: unknown): string => (err instanceof ApiError ? err.detail : fallbackMessage);

/** The CSRF token the server set in a readable cookie (double submit, see DESIGN.md Security). */
export function readCsrfToken(
  cookie: string = typeof document === 'undefined' ? '' : document.cookie,
): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Whether the browser holds a CSRF cookie, which the server sets and clears together with the session cookie. */
export const hasCsrfCookie = (): boolean => readCsrfToken() !== undefined;

function requestHeaders(method: string, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (!SAFE_METHODS.has(method)) {
    const csrf = readCsrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return headers;
}

/** A failed answer's body (problem+json, or anything else) as the ApiError the callers read. */
function toApiError(status: number, body: unknown): ApiError {
  return isProblem(body) ? new ApiError(status, body.detail, body.errors ?? []) : new ApiError(status, fallbackMessage);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

async function send(path: string, init: RequestInit & { method: string }): Promise<Response> {
  let res: Response;
  try {
    res = await transport(`${BASE}${path}`, { ...init, credentials: 'same-origin' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, fallbackMessage);
  }
  if (!res.ok) throw toApiError(res.status, parseJson(await res.text().catch(() => '')));
  return res;
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** A JSON request. */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, idempotencyKey }: RequestOptions = {},
): Promise<T> {
  const headers = requestHeaders(method);
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  const res = await send(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return readBody<T>(res);
}

/** A multipart/form-data POST (the browser sets the boundary). */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  return readBody<T>(await send(path, { method: 'POST', headers: requestHeaders('POST'), body: form }));
}

/** A file from our API (a PDF…), as a Blob. */
export async function getBlob(path: string, accept: string): Promise<Blob> {
  return (await send(path, { method: 'GET', headers: requestHeaders('GET', accept) })).blob();
}

/**
 * A multipart/form-data POST through XMLHttpRequest, for its upload progress (fetch has none); `onProgress`
 * gets the fraction sent. Abort rejects with an AbortError, as fetch does.
 */
export function uploadForm<T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}${path}`);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(requestHeaders('POST'))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, fallbackMessage));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
