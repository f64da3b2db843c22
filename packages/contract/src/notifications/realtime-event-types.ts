import type { RealtimeEventPayload } from './realtime-events.ts';

/**
 * The names of the events GET /api/v1/events sends (realtime-events.ts has their schemas), in a module of their own
 * without zod: the browser's stream subscribes to them in the signed-in shell, and a module is bundled whole with
 * whatever of it any chunk reads, so beside the schemas they would put zod into every signed-in page's first load.
 * `realtime-events.test.ts` checks the list against the schema.
 */
export const REALTIME_EVENT_TYPES = [
  'ready',
  'ticket.created',
  'ticket.status_changed',
  'ticket.assigned',
  'message.created',
  'notification.created',
  'draft.uploaded',
  'draft.updated',
  'signing.updated',
] as const satisfies readonly RealtimeEventPayload['type'][];
