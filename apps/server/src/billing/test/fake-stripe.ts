import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for api.stripe.com that the real `stripe` SDK talks to
 * (host/port/protocol). It answers PaymentIntent create/retrieve/cancel and
 * refunds in Stripe's JSON shapes, records every request, requires an
 * Idempotency-Key on creates and replays (or refuses) as Stripe does.
 */
export const FAKE_SECRET_KEY = 'sk_test_fake_billing';
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_billing';
export const WEBHOOK_SECRET = 'whsec_fake_billing_secret';

type Json = Record<string, unknown>;
export interface FakeIntent extends Json {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
}
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: Json;
}

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[invoice_id]=x&amount=5` → `{ metadata: { invoice_id: 'x' }, amount: '5' }`. */
function parseForm(raw: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Json;
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, Json>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  /** Answer the next N requests with a 500 (provider outage). */
  failNext = 0;
  private server: http.Server | null = null;
  client!: Stripe;

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const { status, body, replayed } = this.handle(req, raw);
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': rid('req'),
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.client = new Stripe(FAKE_SECRET_KEY, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
      telemetry: false,
    });
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, raw: string): { status: number; body: unknown; replayed?: boolean } {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '').split('?')[0]!;
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const body = parseForm(raw);
    this.requests.push({ method, path, idempotencyKey: key, body });
    if (req.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`)
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    if (this.failNext > 0) {
      this.failNext--;
      return stripeError(500, 'api_error', 'Something went wrong on our end.');
    }
    const creates = method === 'POST' && (path === '/v1/payment_intents' || path === '/v1/refunds');
    if (creates) {
      if (!key) return stripeError(400, 'invalid_request_error', 'This fake requires an Idempotency-Key on creates.');
      const seen = this.idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== `${path}|${raw}`) {
          return stripeError(
            400,
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return { status: seen.status, body: seen.body, replayed: true };
      }
      const result = path === '/v1/refunds' ? this.createRefund(body) : { status: 200, body: this.createIntent(body) };
      this.idempotency.set(key, { fingerprint: `${path}|${raw}`, ...result });
      return result;
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/confirm)?$/.exec(path);
    if (m) {
      const intent = this.intents.get(m[1]!);
      if (!intent)
        return stripeError(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, 'resource_missing');
      if (method === 'GET' && !m[2]) return { status: 200, body: intent };
      if (method === 'POST' && m[2] === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return stripeError(
            400,
            'invalid_request_error',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            'payment_intent_unexpected_state',
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      if (method === 'POST' && m[2] === '/confirm') {
        this.succeed(intent.id);
        return { status: 200, body: intent };
      }
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Also used by tests to make an intent the server did not ask for (e.g. a wrong amount). */
  createIntent(body: Json): FakeIntent {
    const id = rid('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      amount_received: 0,
      currency: String(body.currency),
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: (body.metadata as Record<string, string>) ?? {},
      description: body.description ?? null,
      latest_charge: null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private createRefund(body: Json) {
    const intent = this.intents.get(String(body.payment_intent));
    if (!intent) return stripeError(404, 'invalid_request_error', 'No such payment_intent', 'resource_missing');
    if (intent.status !== 'succeeded')
      return stripeError(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
      );
    const refund = {
      id: rid('re'),
      object: 'refund',
      amount: intent.amount_received,
      currency: intent.currency,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: body.reason ?? null,
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** The customer completes payment in Stripe's frame. */
  succeed(id: string): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: rid('ch'),
      last_payment_error: null,
    });
    return intent;
  }

  decline(id: string): FakeIntent {
    const intent = this.intents.get(id)!;
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
    });
    return intent;
  }

  /** A signed webhook delivery as Stripe sends it; `timestamp` (unix s) to replay an old one. */
  event(type: string, object: Json, opts: { id?: string; timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: opts.id ?? rid('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    const header = this.client.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
    return { payload, header };
  }

  chargeOf(intent: FakeIntent, amountRefunded: number): Json {
    return {
      id: intent.latest_charge ?? rid('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_refunded: amountRefunded,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: amountRefunded >= intent.amount,
    };
  }

  creates(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === path);
  }
}
