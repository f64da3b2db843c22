import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Revocation } from './auth/principal-cache.ts';
import type { Database } from './db/client.ts';

/** One channel for the whole app; the payload says who the event is for. */
export const REALTIME_CHANNEL = 'taxportal_events';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD = 7800;

export interface RealtimeEvent {
  type: string;
  [field: string]: unknown;
}

/**
 * Who receives an event: the listed users, and every staff connection when
 * `staff` is set. `staffOnly` events (internal notes) never reach a
 * non-staff connection, even one listed in `users`: a second lock on the door.
 */
export interface Audience {
  users?: readonly string[];
  staff?: boolean;
  staffOnly?: boolean;
}

export interface Subscriber {
  userId: string;
  isStaff: boolean;
  send(event: RealtimeEvent): void;
  /** Ends the connection (server shutting down). */
  close(): void;
}

export interface RealtimeHub {
  /** Sends an event to its audience on every app server; call after the change commits. */
  publish(audience: Audience, event: RealtimeEvent): Promise<void>;
  subscribe(subscriber: Subscriber): () => void;
  connectionCount(): number;
  start(): Promise<void>;
  /** Ends every open stream, so a shutdown is not held up by them. */
  closeConnections(): void;
  stop(): Promise<void>;
}

/** What the app (not the features) also gets from the hub: the principal cache's feed. */
export interface RevocationFeed {
  /**
   * Revocations the database announces (its triggers NOTIFY on this channel: migration 0009_auth_revocations),
   * from every app server's writes, to this server's principal cache.
   */
  onRevocation(handler: (r: Revocation) => void): void;
  /**
   * Resolves once this server has received every notification committed before the call (a marker sent
   * through the channel comes back after them: PostgreSQL delivers in commit order), or after `timeoutMs`
   * (then false: the listener is down and may have missed some).
   */
  flush(timeoutMs?: number): Promise<boolean>;
}

interface Envelope {
  a: { u?: readonly string[]; s?: boolean; o?: boolean };
  e: RealtimeEvent;
}
/** Not for browsers: a revocation (`r`), or this server's flush marker coming back (`f`). */
interface Internal {
  r?: Revocation;
  f?: string;
}

export function isFor(audience: Envelope['a'], sub: Pick<Subscriber, 'userId' | 'isStaff'>): boolean {
  if (audience.o && !sub.isStaff) return false;
  return (audience.s === true && sub.isStaff) || (audience.u?.includes(sub.userId) ?? false);
}

/**
 * Fans events out through PostgreSQL LISTEN/NOTIFY, so that an event raised on
 * one app server reaches the browsers connected to any other.
 */
export function createRealtimeHub(
  database: Pick<Database, 'listen' | 'notify'>,
  log: FastifyBaseLogger,
): RealtimeHub & RevocationFeed {
  const subscribers = new Set<Subscriber>();
  const revocationHandlers: ((r: Revocation) => void)[] = [];
  const flushes = new Map<string, () => void>();
  let unlisten: (() => Promise<void>) | null = null;

  const deliver = (raw: string) => {
    let envelope: Envelope & Internal;
    try {
      envelope = JSON.parse(raw) as Envelope & Internal;
    } catch {
      log.warn('realtime: unreadable payload ignored');
      return;
    }
    if (envelope.r) {
      for (const h of revocationHandlers) h(envelope.r);
      return;
    }
    if (envelope.f) {
      flushes.get(envelope.f)?.();
      return;
    }
    if (!envelope.a) return;
    for (const sub of subscribers) {
      if (!isFor(envelope.a, sub)) continue;
      try {
        sub.send(envelope.e);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'realtime: send failed');
      }
    }
  };

  const closeConnections = () => {
    for (const sub of subscribers) {
      try {
        sub.close();
      } catch {
        /* already gone */
      }
    }
    subscribers.clear();
  };

  return {
    async publish(audience, event) {
      const a = { u: audience.users, s: audience.staff, o: audience.staffOnly };
      let payload = JSON.stringify({ a, e: event } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        // Too big for NOTIFY: send the ids only; clients refetch.
        const slim: RealtimeEvent = { type: event.type, truncated: true };
        for (const k of ['ticket_id', 'ticket_name', 'id']) if (k in event) slim[k] = event[k];
        payload = JSON.stringify({ a, e: slim } satisfies Envelope);
      }
      try {
        await database.notify(REALTIME_CHANNEL, payload);
      } catch (err) {
        // A lost live update must not fail the request that caused it: clients also refetch.
        log.error({ err: (err as Error).message }, 'realtime: notify failed');
      }
    },
    subscribe(subscriber) {
      subscribers.add(subscriber);
      return () => {
        subscribers.delete(subscriber);
      };
    },
    connectionCount: () => subscribers.size,
    onRevocation(handler) {
      revocationHandlers.push(handler);
    },
    async flush(timeoutMs = 2000) {
      const marker = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        flushes.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await database.notify(REALTIME_CHANNEL, JSON.stringify({ f: marker } satisfies Internal));
        return await back;
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
        flushes.delete(marker);
      }
    },
    async start() {
      unlisten ??= await database.listen(REALTIME_CHANNEL, deliver);
    },
    closeConnections,
    async stop() {
      closeConnections();
      const u = unlisten;
      unlisten = null;
      try {
        await u?.();
      } catch {
        // The database is already closed: nothing is listening any more.
      }
    },
  };
}

/**
 * Creates the hub for an app. On close, open streams end and the LISTEN stops
 * first thing (preClose): they would otherwise hold the shutdown up, and the
 * database may be closed by the time onClose hooks run.
 */
export async function registerRealtime(
  app: FastifyInstance,
  database: Pick<Database, 'listen' | 'notify'>,
): Promise<RealtimeHub & RevocationFeed> {
  const hub = createRealtimeHub(database, app.log);
  await hub.start();
  app.addHook('preClose', async () => hub.stop());
  return hub;
}

export const HEARTBEAT_MS = 25_000;

/**
 * Turns a request into a Server-Sent Events stream of the hub's events for
 * one user: a `ready` event once subscribed, a comment every `heartbeatMs`
 * (keeps proxies from timing the stream out), ended when the client leaves
 * or the server closes.
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  hub: RealtimeHub,
  who: { userId: string; isStaff: boolean },
  opts: { heartbeatMs?: number } = {},
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  });
  let open = true;
  const write = (chunk: string) => {
    if (open) res.write(chunk);
  };
  const end = () => {
    if (!open) return;
    open = false;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };
  const unsubscribe = hub.subscribe({
    ...who,
    send: (event) => write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`),
    close: end,
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  res.on('close', end);
  write(`retry: 3000\nevent: ready\ndata: ${JSON.stringify({ type: 'ready' })}\n\n`);
}
