import type { FastifyLoggerOptions } from 'fastify';
import type { LoggerOptions as PinoLoggerOptions } from 'pino';
import { CSRF_HEADER } from '@taxportal/contract';

/**
 * What the log may carry (docs/decisions/0012): ids, methods, paths, codes; never a request body, a query value,
 * an SQL parameter or a database error's detail. The serializers below are the one place that decides it: pino
 * runs them on every line that has a `req`, `res` or `err` field, whoever logs it.
 */

/** A path segment that reads as an identifier (uuid, TD.0001, a route word) is kept; anything else is not. */
const ID_SEGMENT = /^[\w.~-]{1,64}$/;
const QUERY_KEY = /^[\w.-]{1,40}$/;

/** The request's path with non-identifier segments replaced, and its query reduced to its keys. */
function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const pathPart = q === -1 ? url : url.slice(0, q);
  const path = pathPart
    .split('/')
    .map((seg) => (seg === '' || ID_SEGMENT.test(seg) ? seg : '[…]'))
    .join('/');
  if (q === -1) return path;
  const keys = url
    .slice(q + 1)
    .split('&')
    .map((pair) => pair.split('=')[0] ?? '')
    .filter((k) => k !== '')
    .map((k) => (QUERY_KEY.test(k) ? `${k}=…` : '[…]'));
  return keys.length ? `${path}?${keys.join('&')}` : path;
}

/**
 * An error's message without what the input put in it: drizzle's "Failed query: … params: …" loses its
 * parameters, quoted text (JSON.parse's snippet of the body, a value PostgreSQL quotes) becomes "…".
 */
function loggableMessage(message: string): string {
  const cut = message.split(/\n?\s*params:/)[0] ?? '';
  return cut
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '"…"')
    .replace(/[^\x20-\x7e\n]/g, '?')
    .slice(0, 500);
}

interface LoggedError {
  type: string;
  message: string;
  code?: string;
  statusCode?: number;
  stack?: string;
  cause?: LoggedError;
}

/**
 * An error as the log shows it: its type, code (a SQLSTATE, FST_…), status, cleaned message and stack frames,
 * and its cause the same way. Never its own extra fields (a PostgreSQL error's `detail` names the values).
 */
function loggableError(err: unknown, depth = 0): LoggedError | string {
  if (typeof err === 'string') return loggableMessage(err);
  if (!(err instanceof Error)) return `non-error thrown: ${typeof err}`;
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: LoggedError = { type: e.name, message: loggableMessage(e.message) };
  if (typeof e.code === 'string' && /^[\w-]{1,40}$/.test(e.code)) out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  // The stack's first lines repeat the message; keep only the frames.
  if (e.stack)
    out.stack = e.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .join('\n');
  if (e.cause !== undefined && depth < 3) {
    const cause = loggableError(e.cause, depth + 1);
    if (typeof cause !== 'string') out.cause = cause;
  }
  return out;
}

/** pino's `err` serializer: always an object with type, message and stack (what Fastify's types ask for). */
function serializeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const logged = loggableError(err);
  if (typeof logged === 'string') return { type: 'message', message: logged, stack: '' };
  return { ...logged, stack: logged.stack ?? '' };
}

const SENSITIVE_HEADERS = [
  'req.headers.cookie',
  'req.headers.authorization',
  `req.headers["${CSRF_HEADER}"]`,
  'res.headers["set-cookie"]',
];

/** Pino options for the app: level, redaction, and the serializers above. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyLoggerOptions & PinoLoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: SENSITIVE_HEADERS,
    serializers: {
      req: (req: { id: string; method: string; url: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: loggableUrl(req.url),
        ip: req.ip,
      }),
      err: serializeError,
      error: serializeError,
    },
  };
}
