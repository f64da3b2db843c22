import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';
import { COMMON_FIELD_MESSAGES } from '../common/field-messages.ts';

/**
 * What a token may do: `read` only safe requests (GET), `write` everything its user may, except minting tokens
 * (no token can make another). docs/decisions/0011.
 */
export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
/** Days a token lives when the request names none, and the most it may ask for. */
export const API_TOKEN_DEFAULT_DAYS = 30;
export const API_TOKEN_MAX_DAYS = 365;

/**
 * An API token's field messages; FIELD_TEXTS.apiTokens in the server's catalogue (here, beside the number they
 * name: the Spanish names it too, texts/es/fields.json). Named as `{ error: () => API_TOKEN_FIELD_MESSAGES.x }`
 * (common/field-messages.ts says why).
 */
export const API_TOKEN_FIELD_MESSAGES = { maxDays: `At most ${API_TOKEN_MAX_DAYS} days` } as const;

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
  name: text()
    .min(1, { error: () => COMMON_FIELD_MESSAGES.nameRequired })
    .max(80),
  scope: apiTokenScopeSchema.default('read'),
  expires_in_days: z
    .int()
    .min(1)
    .max(API_TOKEN_MAX_DAYS, { error: () => API_TOKEN_FIELD_MESSAGES.maxDays })
    .default(API_TOKEN_DEFAULT_DAYS),
});
/** The secret appears in this response only; the server keeps a hash. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export const apiTokenParamsSchema = z.object({ id: opaqueText().max(64) });
export type CreateApiTokenBody = z.output<typeof createApiTokenBodySchema>;
