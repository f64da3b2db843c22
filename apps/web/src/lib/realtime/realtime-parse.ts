import { realtimeEventSchema, type RealtimeEventPayload } from '@taxportal/contract';

// Its own module: use-realtime.ts loads it (and zod with it) when the event stream opens, not with the shell.

export type ParsedEvent = RealtimeEventPayload | 'truncated' | null;

/**
 * Reads one SSE message: the event, 'truncated' when the server sent ids only (too large
 * for its channel: refetch), null for anything the contract does not describe.
 */
export function parseRealtimeEvent(data: string): ParsedEvent {
  try {
    const raw: unknown = JSON.parse(data);
    if (raw && typeof raw === 'object' && (raw as { truncated?: unknown }).truncated === true) return 'truncated';
    const parsed = realtimeEventSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
