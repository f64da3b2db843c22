import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldError, type Problem } from '@taxportal/contract';

const CODES = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  insufficient_storage: 507,
} as const;
export type ErrorCode = keyof typeof CODES;

const TITLES: Record<ErrorCode, string> = {
  validation: 'Invalid input',
  bad_request: 'Bad request',
  unauthenticated: 'Not signed in',
  forbidden: 'Forbidden',
  csrf: 'CSRF check failed',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  rate_limited: 'Too many requests',
  internal: 'Internal server error',
  unavailable: 'Service unavailable',
  insufficient_storage: 'Insufficient storage',
};

/** The one error type services throw; `detail` is what the user reads. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, { cause: opts.cause });
    this.code = code;
    this.detail = detail;
    this.errors = opts.errors;
    this.headers = opts.headers;
  }
  get status(): number {
    return CODES[this.code];
  }
}

/** A write that failed because the disk (or quota) is full: ENOSPC, EDQUOT, on the error or its cause. */
export function isNoSpace(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  }
  return false;
}

/** PostgreSQL out of reach (restarting, shutting down, refusing connections): a 503 the client may retry. */
const DB_UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DB_UNAVAILABLE.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /^Connection terminated|^Client has encountered a connection error/.test(message)
    )
      return true;
  }
  return false;
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);
export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { errors: [{ field, message }] });

export function problem(code: ErrorCode, detail: string, errors?: FieldError[]): Problem {
  return {
    type: `https://taxportal.dev/problems/${code.replace(/_/g, '-')}`,
    title: TITLES[code],
    status: CODES[code],
    detail,
    ...(errors ? { errors } : {}),
  };
}

function fieldOf(instancePath: string, params: Record<string, unknown> | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = params && typeof params.missingProperty === 'string' ? params.missingProperty : '';
  return fromPath || missing || 'body';
}

/** One error handler for the whole app: RFC 9457 problem+json, 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let p: Problem;
    let headers: Record<string, string> = {};
    if (err instanceof AppError) {
      p = problem(err.code, err.detail, err.errors);
      headers = err.headers ?? {};
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: fieldOf(v.instancePath, v.params as Record<string, unknown>),
        message: v.message ?? 'Invalid value',
      }));
      const first = errors[0];
      p = problem('validation', first ? `${first.field}: ${first.message}` : 'Invalid input', errors);
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      p = problem('internal', MESSAGES.somethingWentWrong);
    } else if (err.statusCode === 429) {
      p = problem('rate_limited', MESSAGES.tooManyAttempts);
    } else if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      p = problem('payload_too_large', err.message);
    } else if (err.statusCode === 415) {
      p = problem('unsupported_media_type', err.message);
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, empty body...): say what it was, safely.
      const code: ErrorCode = err.statusCode === 404 ? 'not_found' : 'bad_request';
      p = { ...problem(code, err.message), status: err.statusCode };
    } else if (isNoSpace(err)) {
      request.log.error({ code: (err as { code?: unknown }).code }, 'disk full');
      p = problem('insufficient_storage', MESSAGES.somethingWentWrong);
    } else if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database unavailable');
      p = problem('unavailable', MESSAGES.serviceUnavailable);
      headers = { 'retry-after': '5' };
    } else {
      request.log.error({ err }, 'unhandled error');
      p = problem('internal', MESSAGES.somethingWentWrong);
    }
    reply.code(p.status).headers(headers).type('application/problem+json').send(p);
  });
}
