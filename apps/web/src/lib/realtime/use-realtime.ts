import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints, REALTIME_EVENT_TYPES, type RealtimeEventPayload } from '@taxportal/contract';
import { endpointUrl } from '../api/index.ts';
import { useEffect, useRef } from 'react';
import { addRealtimeListener, applyRealtimeEvent, refetchAfterReconnect } from './realtime-events.ts';
import type { ParsedEvent } from './realtime-parse.ts';

const EVENTS_URL = endpointUrl(endpoints.streamEvents);

/**
 * One Server-Sent Events stream per tab while signed in (GET /api/v1/events). Events patch
 * or invalidate the TanStack Query cache; EventSource reconnects by itself (the server sends
 * `retry: 3000`), and each reconnect refetches what might have been missed.
 */
export function useRealtime(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let closed = false;
    // The events' schema (and zod with it) loads with the stream, after the page has shown.
    void import('./realtime-parse.ts').then(({ parseRealtimeEvent }) => {
      if (!closed) source = openStream(client, parseRealtimeEvent);
    });
    return () => {
      closed = true;
      source?.close();
      delete document.documentElement.dataset.realtime;
    };
  }, [enabled, client]);
}

function openStream(client: QueryClient, parseRealtimeEvent: (data: string) => ParsedEvent): EventSource {
  const source = new EventSource(EVENTS_URL, { withCredentials: true });
  let readyCount = 0;
  const onMessage = (e: MessageEvent<string>) => {
    const event = parseRealtimeEvent(e.data);
    if (!event) return;
    if (event === 'truncated') {
      refetchAfterReconnect(client);
      return;
    }
    if (event.type === 'ready') {
      // Connected: tells tests (and anyone curious) that live updates now flow.
      document.documentElement.dataset.realtime = 'ready';
      readyCount += 1;
      if (readyCount > 1) refetchAfterReconnect(client);
      return;
    }
    applyRealtimeEvent(client, event);
  };
  for (const type of REALTIME_EVENT_TYPES) source.addEventListener(type, onMessage);
  source.onerror = () => {
    delete document.documentElement.dataset.realtime;
  };
  return source;
}

/** Calls `listener` for every live event while the component is mounted. */
export function useRealtimeListener(listener: (event: RealtimeEventPayload) => void): void {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => addRealtimeListener((e) => ref.current(e)), []);
}
