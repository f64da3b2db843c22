import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';

/**
 * What a token may do: `read` only safe requests (GET), `write` everything its user may, except minting tokens
 * (no token can make another). docs/decisions/0011.
 */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
/** Days a token lives when the request names none, and the most it may ask for. */
export const API_TOKEN_DEFAULT_DAYS = 30;
export const API_TOKEN_MAX_DAYS = 365;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  scope: apiTokenScopeSchema,
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const createApiTokenBodySchema = z.object({
  name: text().min(1, { error: 'Name is required' }).max(80),
  scope: apiTokenScopeSchema.default('read'),
  expires_in_days: z
    .int()
    .min(1)
    .max(API_TOKEN_MAX_DAYS, { error: `At most ${API_TOKEN_MAX_DAYS} days` })
    .default(API_TOKEN_DEFAULT_DAYS),
});
/** The secret appears in this response only; the server keeps a hash. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export const apiTokenParamsSchema = z.object({ id: opaqueText().max(64) });
export type CreateApiTokenBody = z.output<typeof createApiTokenBodySchema>;
