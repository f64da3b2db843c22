export { appendMessage, refreshStatusChange } from './realtime-events.ts';
export { useRealtime, useRealtimeListener } from './use-realtime.ts';
