import { z } from 'zod';
import { opaqueText } from '../common/text.ts';

/** One signed-in browser or app of the caller (GET /api/v1/auth/sessions). */
export const deviceSessionSchema = z.object({
  /** An opaque id for this list only (not the session's secret or its key). */
  id: z.string(),
  /** The device in plain words, from its user agent: "Chrome on Windows". */
  device: z.string(),
  /** Where, approximately, from its address: "Local network" or the address itself. */
  place: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionListSchema = z.object({ items: z.array(deviceSessionSchema) });
export const deviceSessionParamsSchema = z.object({ id: opaqueText().min(1).max(64) });
export const revokedSessionsSchema = z.object({ revoked: z.int() });
