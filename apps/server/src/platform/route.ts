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
import type { BodySchemaOf, EndpointDef, ParamsSchemaOf, QuerySchemaOf, ResponseSchemasOf } from '@taxportal/contract';
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
