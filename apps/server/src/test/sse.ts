import type { Agent, TestApp } from './helper.ts';

/** Starts the test app on a real port (once per file) and returns its base URL. */
export async function listenOnce(t: TestApp): Promise<string> {
  const address = t.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address();
  if (!a || typeof a !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${a.port}`;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown> & { type?: string };
  at: number;
}

/** A browser's EventSource, over real HTTP with the agent's cookies: collects every event and comment. */
export class EventStream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private constructor(private readonly controller: AbortController) {}

  static async open(
    baseUrl: string,
    agent: Agent | null,
    path = '/api/v1/events',
  ): Promise<{ status: number; stream: EventStream }> {
    const controller = new AbortController();
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (agent?.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
    const stream = new EventStream(controller);
    if (res.status !== 200 || !res.body) {
      controller.abort();
      return { status: res.status, stream };
    }
    void stream.pump(res.body);
    await stream.next('ready');
    return { status: 200, stream };
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trim());
          }
          if (data.length) this.events.push({ event, data: JSON.parse(data.join('\n')), at: Date.now() });
          this.wake();
        }
      }
    } catch {
      /* aborted */
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves when something arrives or the stream ends; false on timeout. */
  private async change(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The first event of this type (matching `where`) not yet taken, within `timeoutMs`. */
  async next(type: string, where: (e: SseEvent) => boolean = () => true, timeoutMs = 2000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.events.findIndex((e) => e.event === type && where(e));
      if (i >= 0) return this.events.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.ended)
        throw new Error(`no ${type} event within ${timeoutMs} ms (got: ${this.events.map((e) => e.event).join(', ')})`);
      await this.change(left);
    }
  }

  /** Waits until the stream ends; false if it is still open after `timeoutMs`. */
  async closedWithin(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && Date.now() < deadline) await this.change(deadline - Date.now());
    return this.ended;
  }

  close() {
    this.controller.abort();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
