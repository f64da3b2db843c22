import { z } from 'zod';

/** RFC 9457 problem details; `detail` is the message a user sees. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;
