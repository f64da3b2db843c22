import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptionsWithHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  problemSchema,
  type BodySchemaOf,
  type EndpointDef,
  type ParamsSchemaOf,
  type QuerySchemaOf,
  type ResponseSchemasOf,
} from '@taxportal/contract';
import { refuseUnlessAllowed } from './auth/guard.ts';

/** The Fastify schema a declaration stands for; the type drives req.params/query/body and the reply's type. */
type SchemaOf<E extends EndpointDef> = {
  params: ParamsSchemaOf<E>;
  querystring: QuerySchemaOf<E>;
  body: BodySchemaOf<E>;
  response: ResponseSchemasOf<E>;
};

/** Everything a route adds to its declaration: the handler, guards (preHandler/preValidation), config, limits. */
export type RouteOptions<E extends EndpointDef> = Omit<
  RouteShorthandOptionsWithHandler<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<E>,
    ZodTypeProvider
  >,
  'schema'
>;

/**
 * Registers the route a contract endpoint declares: method, URL, zod schemas (validation, serialisation,
 * OpenAPI), tags and summary, `config.public` for public endpoints, and the check of its `roles` before anything of
 * the request is read (refuseUnlessAllowed), and the same for `sessionOnly`. The path is never written here.
 */
export function route<E extends EndpointDef>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>): void {
  const schema: Record<string, unknown> = { tags: endpoint.tags, summary: endpoint.summary };
  const roles = endpoint.roles ? `Roles: ${endpoint.roles.join(', ')} (others 403, whatever they send).` : null;
  const session = endpoint.sessionOnly ? 'A person signed in only: API tokens 403.' : null;
  const description = [endpoint.description, roles, session].filter(Boolean).join('\n\n');
  if (description) schema.description = description;
  if (endpoint.roles) schema['x-roles'] = endpoint.roles;
  if (endpoint.sessionOnly) schema['x-session-only'] = true;
  // Read by withErrorAnswers for the OpenAPI document only (the route parses such a body itself).
  if (endpoint.form) schema['x-form'] = endpoint.form;
  if (endpoint.answers) schema['x-answers'] = endpoint.answers;
  if (endpoint.errors) schema['x-errors'] = endpoint.errors;
  if (endpoint.consumes) schema.consumes = endpoint.consumes;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = endpoint.response;
  const config = endpoint.public ? { ...options.config, public: true } : options.config;
  // The handler was typed above from the declaration; Fastify's own generics cannot follow a computed schema.
  // The role check first, then the route's own checks that need no more than the credentials (site-access.ts).
  const own = options.onRequest ? [options.onRequest].flat() : [];
  const checked = endpoint.roles || endpoint.sessionOnly;
  const onRequest = [...(checked ? [refuseUnlessAllowed(endpoint)] : []), ...own];
  const routeOptions = {
    ...options,
    ...(onRequest.length ? { onRequest } : {}),
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(config ? { config } : {}),
  };
  app.route(routeOptions as unknown as Parameters<FastifyInstance['route']>[0]);
}

/** RFC 9457 problem details, as the error handler writes them (platform/errors.ts), in JSON Schema for OpenAPI. */
const PROBLEM_JSON = { 'application/problem+json': { schema: z.toJSONSchema(problemSchema) } };

const ERROR_ANSWERS: Record<number, string> = {
  400: 'The body could not be read (malformed JSON, a broken multipart body, a token that reads as nothing)',
  401: 'Not signed in (no session, or an unknown or expired API token)',
  403: 'Not allowed: a role the caller lacks, an API token where a person must sign in, a read-only token, or a missing CSRF header',
  404: 'Nothing the caller may see has this id',
  409: 'The object is not in a state that allows this',
  422: 'The request does not match its schema (`errors` names each field)',
  413: 'The body (or a file in it) is larger than the route takes',
  414: 'The address is longer than the server reads',
  415: 'A content type the route does not take (JSON, or multipart where it says so; files of the kinds it names)',
  429: 'Too many attempts: `Retry-After` says when to try again',
};

/** `POST /api/v1/auth/login` → `postAuthLogin`: one name per operation, from what makes it unique. */
function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/(v1\/)?/, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/** A body the route reads itself (EndpointDef `form`), as OpenAPI's request body: multipart, and JSON where taken. */
function formBody(form: NonNullable<EndpointDef['form']>) {
  const fields = form.fields ? (z.toJSONSchema(form.fields, { io: 'input' }) as Record<string, unknown>) : {};
  const file = (f: { description: string; many?: boolean }) =>
    f.many
      ? { type: 'array', items: { type: 'string', format: 'binary' }, description: f.description }
      : { type: 'string', format: 'binary', description: f.description };
  const required = [
    ...((fields.required as string[] | undefined) ?? []),
    ...Object.entries(form.files).flatMap(([name, f]) => (f.optional ? [] : [name])),
  ];
  const multipart = {
    type: 'object',
    properties: {
      ...(fields.properties as object | undefined),
      ...Object.fromEntries(Object.entries(form.files).map(([name, f]) => [name, file(f)])),
    },
    ...(required.length ? { required } : {}),
    ...(form.otherFiles
      ? { additionalProperties: { type: 'string', format: 'binary', description: form.otherFiles } }
      : {}),
  };
  return {
    content: {
      'multipart/form-data': { schema: multipart },
      ...(form.json ? { 'application/json': { schema: z.toJSONSchema(form.json, { io: 'input' }) } } : {}),
    },
  };
}

/**
 * The OpenAPI operation of a route (the swagger `transform`, after the zod schemas' own): its operationId, no
 * security for public routes, the body of a route that reads it itself (`form`), its answers that are no JSON
 * (`answers`), and the error answers the route can give, derived from what it declares: private routes 401; private
 * non-GET routes, role-bound and session-only ones 403; routes with ids 404; routes with a body 400, 413 and 415;
 * routes that take input 422; rate-limited ones 429; and those it names (`errors`). The answers themselves come from
 * the error handler; these entries describe them.
 */
export function withErrorAnswers<T extends { schema: unknown; url: string }>(
  transformed: T,
  route: { method: string | string[]; config?: { public?: boolean; rateLimit?: unknown } | undefined },
): T {
  const {
    'x-form': form,
    'x-answers': answers,
    'x-errors': errors,
    ...schema
  } = (transformed.schema ?? {}) as Record<string, unknown>;
  if (form) schema.body = formBody(form as NonNullable<EndpointDef['form']>);
  const method = [route.method].flat()[0] ?? 'GET';
  const isPublic = route.config?.public === true;
  schema.operationId ??= operationId(method, transformed.url);
  if (isPublic) schema.security = [];
  const statuses = new Set<number>();
  if (!isPublic) statuses.add(401);
  if (!isPublic && (method !== 'GET' || schema['x-roles'] || schema['x-session-only'])) statuses.add(403);
  if (schema.params) statuses.add(404);
  if (schema.body) for (const status of [400, 413, 415]) statuses.add(status);
  if (schema.params || schema.querystring || schema.body || schema.consumes) statuses.add(422);
  if (route.config?.rateLimit) statuses.add(429);
  for (const status of (errors as EndpointDef['errors']) ?? []) statuses.add(status);
  const response = { ...(schema.response as Record<string, unknown> | undefined) };
  for (const [status, answer] of Object.entries((answers as EndpointDef['answers']) ?? {})) {
    response[status] ??= {
      description: answer.description,
      ...(answer.contentType
        ? { content: { [answer.contentType]: { schema: { type: 'string', format: 'binary' } } } }
        : {}),
    };
  }
  for (const status of [...statuses].sort()) {
    response[status] ??= { description: ERROR_ANSWERS[status], content: PROBLEM_JSON };
  }
  return { ...transformed, schema: { ...schema, response } } as T;
}
