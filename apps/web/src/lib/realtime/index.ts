export { appendMessage, refreshStatusChange, type StatusChange } from './realtime-events.ts';
export { useRealtime, useRealtimeListener } from './use-realtime.ts';
