import { z } from 'zod';
import { opaqueText, text } from '../common/text.ts';

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const createApiTokenBodySchema = z.object({
  name: text().min(1, { error: 'Name is required' }).max(80),
});
/** The secret appears in this response only; the server keeps a hash. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export const apiTokenParamsSchema = z.object({ id: opaqueText().max(64) });
