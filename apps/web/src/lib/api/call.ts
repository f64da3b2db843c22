import type { EndpointBody, EndpointDef, EndpointParams, EndpointQuery, EndpointResult } from '@taxportal/contract';
import { apiRequest, getBlob, postForm, uploadForm } from './client.ts';

/** The client prefixes every path with this; declarations carry the full path. */
const API_PREFIX = '/api/v1';

/** Absent where the endpoint declares nothing; optional where the schema accepts undefined. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** Query values: empty ones (undefined, null, '') are left out of the URL, as the lists' filters expect. */
type QueryValues<T> = [T] extends [undefined] ? undefined : { [K in keyof T]?: T[K] | null } | undefined;

export type CallOptions<E extends EndpointDef> = Slot<'params', EndpointParams<E>> &
  Slot<'query', QueryValues<EndpointQuery<E>>> &
  Slot<'body', EndpointBody<E>> & {
    signal?: AbortSignal;
    /** Sent as `Idempotency-Key`: the same request sent again answers what the first made (creating a ticket). */
    idempotencyKey?: string;
  };

type CallArgs<E extends EndpointDef> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The URL of an endpoint: `:name` segments from params (encoded), the query's non-empty values appended. */
export function endpointUrl(
  endpoint: EndpointDef,
  params?: Record<string, unknown> | undefined,
  query?: Record<string, unknown> | undefined,
): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** An endpointUrl as the client takes it (it adds the API prefix itself). */
function clientPath(url: string): string {
  if (!url.startsWith(`${API_PREFIX}/`)) throw new Error(`${url} is not under ${API_PREFIX}`);
  return url.slice(API_PREFIX.length);
}

/** What a URL from endpointUrl answers, as a Blob (PDFs, files), with the client's errors. */
export function blobAt(url: string, accept: string): Promise<Blob> {
  return getBlob(clientPath(url), accept);
}

/**
 * Calls an endpoint the contract declares: the path is built from the declaration, the answer is typed from
 * its success schema. A write without a body sends `{}` (Fastify refuses an empty JSON body), as before.
 */
export function call<E extends EndpointDef>(endpoint: E, ...[options]: CallArgs<E>): Promise<EndpointResult<E>> {
  const { params, query, body, signal, idempotencyKey } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };
  const needsBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
  return apiRequest<EndpointResult<E>>(clientPath(endpointUrl(endpoint, params, query)), {
    method: endpoint.method,
    body: body ?? (needsBody ? {} : undefined),
    signal,
    idempotencyKey,
  });
}

/** A multipart endpoint: declared as a POST that consumes form data (it has no JSON body schema). */
type FormEndpoint = EndpointDef & {
  method: 'POST';
  consumes: readonly ['multipart/form-data'] | readonly ['application/json', 'multipart/form-data'];
};

type FormOptions<E extends EndpointDef> = Slot<'params', EndpointParams<E>>;
type FormArgs<E extends EndpointDef> =
  object extends FormOptions<E> ? [options?: FormOptions<E>] : [options: FormOptions<E>];

/** The client path of a multipart endpoint, its `:name` segments from params. */
function formPath(endpoint: FormEndpoint, options: { params?: Record<string, unknown> } | undefined): string {
  return clientPath(endpointUrl(endpoint, options?.params));
}

/** Posts a multipart form to an endpoint the contract declares; the answer is typed from its success schema. */
export function postFormTo<E extends FormEndpoint>(
  endpoint: E,
  form: FormData,
  ...[options]: FormArgs<E>
): Promise<EndpointResult<E>> {
  return postForm<EndpointResult<E>>(formPath(endpoint, options), form);
}

export type UploadOptions<E extends EndpointDef> = FormOptions<E> & {
  /** The fraction sent so far. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/** postFormTo with upload progress (XMLHttpRequest, see uploadForm). */
export function uploadFormTo<E extends FormEndpoint>(
  endpoint: E,
  form: FormData,
  options: UploadOptions<E>,
): Promise<EndpointResult<E>> {
  return uploadForm<EndpointResult<E>>(formPath(endpoint, options), form, options.onProgress, options.signal);
}
