import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, type FieldError, type Language, type Problem } from '@taxportal/contract';
import { PROBLEM_TITLES, REQUEST_PROBLEMS as R } from '@taxportal/contract/texts';
import { z } from 'zod';
import { isForeignKeyViolation } from './db/violations.ts';
import { keyOfText, languageOfRequest, statusLabelIn, translate, type Params } from './i18n.ts';

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

const TITLES: Record<ErrorCode, string> = PROBLEM_TITLES;

/**
 * The one error type services throw; `detail` is what the user reads, in English: a text of the server's catalogue
 * (contract texts/), its `{{placeholders}}` filled from `params`. The answer carries it in the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** The catalogue's text before its placeholders were filled, and what fills them. */
  readonly text: string;
  readonly params: Params | undefined;
  constructor(
    code: ErrorCode,
    detail: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown; params?: Params } = {},
  ) {
    const filled = opts.params ? translate('en', detail, opts.params) : detail;
    super(filled, { cause: opts.cause });
    this.code = code;
    this.text = detail;
    this.params = opts.params;
    this.detail = filled;
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

export const notFound = (what: string = MESSAGES.notFound) => new AppError('not_found', what);
export const fieldError = (field: string, message: string) =>
  new AppError('validation', message, { errors: [{ field, message }] });

const STATUS_PARAMS = new Set(['status', 'from', 'to']);

/**
 * A problem+json answer in `language`: its title, detail and field messages are catalogue texts (contract texts/),
 * the detail's placeholders filled from `params`; a text that is none of them (a person's own words) stays as it is.
 */
export function problem(
  code: ErrorCode,
  detail: string,
  errors?: FieldError[],
  language: Language = 'en',
  params?: Params,
): Problem {
  // A status a text names (`{{status}}`, `{{from}}`, `{{to}}`: a pipeline name) reads as its label in the reader's
  // language; any other value is left as it is.
  if (params && language !== 'en')
    params = Object.fromEntries(
      Object.entries(params).map(([k, v]) => [
        k,
        typeof v === 'string' && STATUS_PARAMS.has(k) ? statusLabelIn(language, v, 'staff', v) : v,
      ]),
    );
  return {
    type: `https://taxportal.dev/problems/${code.replace(/_/g, '-')}`,
    title: translate(language, TITLES[code]),
    status: CODES[code],
    detail: translate(language, detail, params),
    ...(errors
      ? { errors: errors.map((e) => ({ field: e.field, message: translate(language, e.message, params) })) }
      : {}),
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
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', R.contentType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', R.contentLength],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['bad_request', R.emptyBody],
  FST_ERR_CTP_BODY_TOO_LARGE: ['payload_too_large', R.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', R.fileTooLarge],
  FST_ERR_MAX_PARAM_LENGTH: ['uri_too_long', R.addressTooLong],
  FST_ERR_BAD_URL: ['bad_request', R.addressInvalid],
  FST_ERR_ASYNC_CONSTRAINT: ['bad_request', R.notRouted],
  FST_PROTO_VIOLATION: ['bad_request', R.notJson],
  FST_CONSTRUCTOR_VIOLATION: ['bad_request', R.notJson],
  FST_INVALID_MULTIPART_CONTENT_TYPE: ['bad_request', R.notMultipart],
  FST_PARTS_LIMIT: ['payload_too_large', R.tooManyParts],
  FST_FILES_LIMIT: ['payload_too_large', R.tooManyFiles],
  FST_FIELDS_LIMIT: ['payload_too_large', R.tooManyFields],
};

/** A client error raised below our code (Fastify, its parsers, busboy): a problem without the input in it. */
function frameworkProblem(err: FastifyError, language: Language): Problem {
  const known = err.code ? FRAMEWORK_DETAILS[err.code] : undefined;
  if (known) return problem(known[0], known[1], undefined, language);
  const status = err.statusCode ?? 400;
  if (status === 413) return problem('payload_too_large', R.bodyTooLarge, undefined, language);
  if (status === 415) return problem('unsupported_media_type', R.contentType, undefined, language);
  if (err instanceof SyntaxError) return problem('bad_request', R.notJson, undefined, language);
  if (status === 404) return problem('not_found', MESSAGES.notFound, undefined, language);
  return { ...problem('bad_request', R.unreadable, undefined, language), status };
}

/** Errors of a malformed multipart body (busboy's, through @fastify/multipart), which carry no status. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

/**
 * The framework's own refusals (a too-long URL, a bad URL) before any route runs: problem+json, no echo.
 * Passed to Fastify as `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const p = frameworkProblem(err, languageOfRequest(req));
  void reply.code(p.status).type('application/problem+json').send(p);
}

const zodLocales: Partial<Record<Language, ReturnType<typeof z.locales.es>>> = { es: z.locales.es() };

/**
 * A schema's message about one field, in `language`: the contract's own messages are catalogue texts; zod's built-in
 * ones ("Too big: expected string to have <=140 characters") come from zod's locale for the language, remade from
 * the issue (which carries no input, so a wrong type's message says what was expected only).
 */
function schemaMessage(v: { keyword: string; message?: string; params?: unknown }, language: Language): string {
  const message = v.message ?? R.invalidValue;
  if (language === 'en' || keyOfText(message) !== undefined) return translate(language, message);
  const issue = { ...(v.params as Record<string, unknown>), code: v.keyword } as Parameters<
    ReturnType<typeof z.locales.es>['localeError']
  >[0];
  const said = zodLocales[language]?.localeError(issue);
  const text = typeof said === 'string' ? said : said?.message;
  if (!text) return message;
  return v.keyword === 'invalid_type' ? text.replace(/,[^,]*$/, '') : text;
}

/** One error handler for the whole app: RFC 9457 problem+json, 5xx without internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let p: Problem;
    let headers: Record<string, string> = {};
    const language = languageOfRequest(request);
    if (err instanceof AppError) {
      p = problem(err.code, err.text, err.errors, language, err.params);
      headers = err.headers ?? {};
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: fieldOf(v.instancePath, v.params as Record<string, unknown>),
        message: schemaMessage(v, language),
      }));
      const first = errors[0];
      p = problem('validation', first ? `${first.field}: ${first.message}` : R.invalidInput, errors, language);
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      p = problem('internal', MESSAGES.somethingWentWrong, undefined, language);
    } else if (err.statusCode === 429) {
      p = problem('rate_limited', MESSAGES.tooManyAttempts, undefined, language);
    } else if ((err.statusCode && err.statusCode >= 400 && err.statusCode < 500) || err.code in FRAMEWORK_DETAILS) {
      p = frameworkProblem(err, language);
    } else if (MALFORMED_MULTIPART.test(err.message)) {
      p = problem('bad_request', R.uploadCutOff, undefined, language);
    } else if (isNoSpace(err)) {
      request.log.error({ code: (err as { code?: unknown }).code }, 'disk full');
      p = problem('insufficient_storage', MESSAGES.somethingWentWrong, undefined, language);
    } else if (isForeignKeyViolation(err)) {
      // A handler that did not check first what still names a row (or what a row names): the row is kept, and the
      // client told so (409), never a 500. Logged, as the handler should have said it in its own words.
      request.log.warn({ code: '23503' }, 'foreign key violation reached the error handler');
      p = problem('conflict', MESSAGES.stillInUse, undefined, language);
    } else if (isDatabaseUnavailable(err)) {
      request.log.warn({ code: (err as { code?: unknown }).code }, 'database unavailable');
      p = problem('unavailable', MESSAGES.serviceUnavailable, undefined, language);
      headers = { 'retry-after': '5' };
    } else {
      request.log.error({ err }, 'unhandled error');
      p = problem('internal', MESSAGES.somethingWentWrong, undefined, language);
    }
    reply.code(p.status).headers(headers).type('application/problem+json').send(p);
  });
}
