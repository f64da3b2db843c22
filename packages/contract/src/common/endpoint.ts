import { z } from 'zod';
import type { Role } from '../roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: the server registers its route from it (validation, serialisation,
 * OpenAPI) and the web client builds its URL and infers its result from it, so neither writes a path by hand.
 */
export interface EndpointDef {
  method: HttpMethod;
  /** Fastify's syntax: `/api/v1/tickets/:id`. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  /** Absent where the body is not JSON (multipart uploads, the raw Stripe webhook). */
  body?: z.ZodType;
  /** Status → schema. Absent for files, streams and 204 answers without a schema. */
  response?: { readonly [status: number]: z.ZodType };
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Answers anonymous callers; every other route refuses them (the auth guard). */
  public?: boolean;
  /**
   * The roles that may call it. A signed-in caller with none of them gets 403 as soon as their credentials are read,
   * before the route reads its ids, query or body: a malformed request tells them nothing either. Absent: every
   * signed-in caller, the route's own rules deciding (ownership, a ticket's state).
   */
  roles?: readonly Role[];
  /**
   * Only for a person signed in (a session): an API token gets 403 with this text, checked with the roles, before
   * anything of the request is read. For what a token must never reach: the account's factors, e-mail, tokens.
   */
  sessionOnly?: string;
  /**
   * Successful answers that are no JSON (a file, a stream, a redirect), for OpenAPI: status → what comes back and
   * its content type (none for a redirect).
   */
  answers?: { readonly [status: number]: { description: string; contentType?: string } };
  /**
   * Error answers beyond those its declaration implies (route.ts withErrorAnswers derives 401, 403, 404, 400/413/415,
   * 422 and 429 from it): a public sign-in's 401, a site editor's 403 for everyone else, a token that reads as 400.
   */
  errors?: readonly number[];
  /** For OpenAPI, where the body is not JSON: `['multipart/form-data']`. */
  consumes?: readonly string[];
  /**
   * A body the route reads itself, part by part, so Fastify validates no JSON body: multipart/form-data with these
   * text fields (the schema the route checks them with) and file parts; `json` where the route takes the same as a
   * JSON body too. It describes the body in the OpenAPI document.
   */
  form?: {
    fields?: z.ZodObject;
    files: Readonly<Record<string, { description: string; many?: boolean; optional?: boolean }>>;
    /** File parts named otherwise (a web form's file fields, by their path). */
    otherFiles?: string;
    json?: z.ZodType;
  };
}

/** Only types its argument: the declaration stays a plain object both sides can read. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** A DELETE that answers 204 with an empty body, as OpenAPI shows it. */
export const noContentResponse = { 204: z.null().describe('Deleted') } as const;

type Field<E, K extends string> = E extends { readonly [P in K]: infer S } ? S : undefined;
export type ParamsSchemaOf<E extends EndpointDef> = Field<E, 'params'>;
export type QuerySchemaOf<E extends EndpointDef> = Field<E, 'query'>;
export type BodySchemaOf<E extends EndpointDef> = Field<E, 'body'>;
export type ResponseSchemasOf<E extends EndpointDef> = Field<E, 'response'>;

type SuccessStatus = 200 | 201 | 202;
type Schemas<E extends EndpointDef> = NonNullable<ResponseSchemasOf<E>>;
/** What a successful call returns: the 2xx schema's output; nothing for files, streams and 204. */
export type EndpointResult<E extends EndpointDef> = [Extract<keyof Schemas<E>, SuccessStatus>] extends [never]
  ? void
  : Schemas<E>[Extract<keyof Schemas<E>, SuccessStatus>] extends infer S extends z.ZodType
    ? z.output<S>
    : never;

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** What a client sends: the schemas' input types (before coercion and defaults). */
export type EndpointParams<E extends EndpointDef> = InputOf<ParamsSchemaOf<E>>;
export type EndpointQuery<E extends EndpointDef> = InputOf<QuerySchemaOf<E>>;
export type EndpointBody<E extends EndpointDef> = InputOf<BodySchemaOf<E>>;
