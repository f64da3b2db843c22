import { z } from 'zod';
import { text } from '../common/text.ts';

export const outboxItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export const outboxQuerySchema = z.object({
  to: text().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxListSchema = z.object({ items: z.array(outboxItemSchema) });
