import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldError, type Problem } from '@taxportal/contract';

const CODES = {
  validation: 422,
  bad_request: 400,
  unauthenticated: 401,
  /** The password was right; the account's second factor is missing or wrong (web: ask for the code). */
  mfa_required: 401,
  forbidden: 403,
  /** Staff without a second factor: only the set-up answers (platform/auth/guard.ts). */
  mfa_setup_required: 403,
  csrf: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
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
  mfa_required: 'Second factor required',
  forbidden: 'Forbidden',
  mfa_setup_required: 'Second factor set-up required',
  csrf: 'CSRF check failed',
  not_found: 'Not found',
  conflict: 'Conflict',
  payload_too_large: 'Payload too large',
  uri_too_long: 'URI too long',
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

/**
 * What the framework says about a request it could not take, in our words: its own messages quote the input
 * (JSON.parse's snippet of the body, the content type, the URL), and an answer never echoes input.
 */
const FRAMEWORK_DETAILS: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'This content type is not accepted here.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'The request body does not match its length.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['bad_request', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', 'The request body is too large.'],
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', 'The file is too large.'],
  FST_ERR_MAX_PARAM_LENGTH: ['uri_too_long', 'The address is too long.'],
  FST_ERR_BAD_URL: ['bad_request', 'The address is not valid.'],
  FST_ERR_ASYNC_CONSTRAINT: ['bad_request', 'The request could not be routed.'],
  FST_PROTO_VIOLATION: ['bad_request', 'The request body is not valid JSON.'],
  FST_CONSTRUCTOR_VIOLATION: ['bad_request', 'The request body is not valid JSON.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['bad_request', 'The request is not multipart/form-data.'],
  FST_PARTS_LIMIT: ['payload_too_large', 'The form has too many parts.'],
  FST_FILES_LIMIT: ['payload_too_large', 'The form has too many files.'],
  FST_FIELDS_LIMIT: ['payload_too_large', 'The form has too many fields.'],
};

/** A client error raised below our code (Fastify, its parsers, busboy): a problem without the input in it. */
function frameworkProblem(err: FastifyError): Problem {
  const known = err.code ? FRAMEWORK_DETAILS[err.code] : undefined;
  if (known) return problem(known[0], known[1]);
  const status = err.statusCode ?? 400;
  if (status === 413) return problem('payload_too_large', 'The request body is too large.');
  if (status === 415) return problem('unsupported_media_type', 'This content type is not accepted here.');
  if (err instanceof SyntaxError) return problem('bad_request', 'The request body is not valid JSON.');
  if (status === 404) return problem('not_found', 'Not found.');
  return { ...problem('bad_request', 'The request could not be read.'), status };
}

/** Errors of a malformed multipart body (busboy's, through @fastify/multipart), which carry no status. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

/**
 * The framework's own refusals (a too-long URL, a bad URL) before any route runs: problem+json, no echo.
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, _req: unknown, reply: FastifyReply): void {
  const p = frameworkProblem(err);
  void reply.code(p.status).type('application/problem+json').send(p);
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
    } else if ((err.statusCode && err.statusCode >= 400 && err.statusCode < 500) || err.code in FRAMEWORK_DETAILS) {
      p = frameworkProblem(err);
    } else if (MALFORMED_MULTIPART.test(err.message)) {
      p = problem('bad_request', 'The upload was cut off or malformed; send it again.');
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
