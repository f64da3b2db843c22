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

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as Record<string, unknown>).field === 'string' &&
  typeof (e as Record<string, unknown>).message === 'string';

/**
 * problemSchema's check without zod, for the browser's client: every answer it reads goes through it, and zod is
 * not part of a page's first load (problem.test.ts keeps the two in step).
 */
export function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const p = body as Record<string, unknown>;
  return (
    typeof p.type === 'string' &&
    typeof p.title === 'string' &&
    Number.isInteger(p.status) &&
    typeof p.detail === 'string' &&
    (p.errors === undefined || (Array.isArray(p.errors) && p.errors.every(isFieldError)))
  );
}
