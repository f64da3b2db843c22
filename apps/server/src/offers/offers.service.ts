import { randomUUID } from 'node:crypto';
import {
  OFFER_PREVIEW_NAMES,
  OFFER_RECIPIENT_STATES,
  THIRD_PARTY_MESSAGES as M,
  type CreateOfferBody,
  type Offer,
  type OfferAudienceBody,
  type OfferPreview,
  type OfferRecipientState,
} from '@taxportal/contract';
import { activeConsent, activeConsents } from '../consents/index.ts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { enqueueJob } from '../platform/jobs.ts';
import type { Actor, OffersDeps } from './offers.deps.ts';
import * as repo from './offers.repository.ts';

/** The background job that sends an offer, a batch of recipients at a time (offers.send.ts). */
export const OFFER_JOB = 'offers_send';
export const OFFER_JOB_BATCH = 50;

/**
 * THE gate of a use beyond preparation (one home: consents' activeConsent, asked at each send): whether the client
 * holds a consent to use now. An offer by push, once push exists, asks the same before each push.
 */
export const mayReceiveOffers = async (db: Tx, customerId: string, now: Date): Promise<boolean> =>
  (await activeConsent(db, { customerId, kind: 'use', now })) !== null;

/** Of these clients, the ids of those holding a consent to use now: the same gate, one query for them all. */
const consentedOf = async (db: Tx, clients: readonly repo.Client[], now: Date): Promise<Set<string>> =>
  new Set((await activeConsents(db, { customerIds: clients.map((c) => c.id), kind: 'use', now })).keys());

/** The clients the audience names; a chosen id that is no open client's account: 422. */
async function clientsOf(db: Tx, body: OfferAudienceBody): Promise<repo.Client[]> {
  if (body.audience === 'all') return repo.audienceClients(db, null);
  const ids = [...new Set(body.customer_ids ?? [])];
  const found = await repo.audienceClients(db, ids);
  if (found.length !== ids.length)
    throw new AppError('validation', M.refusals.clientNotFound, {
      errors: [{ field: 'customer_ids', message: M.refusals.clientNotFound }],
    });
  return found;
}

/** The dry run of a send, as the client import's: how many would get it, and who is skipped for want of consent. */
export async function previewOffer(deps: OffersDeps, body: OfferAudienceBody): Promise<OfferPreview> {
  const now = deps.now();
  const clients = await clientsOf(deps.db, body);
  const consented = await consentedOf(deps.db, clients, now);
  const skipped = clients.filter((c) => !consented.has(c.id));
  return {
    eligible: clients.length - skipped.length,
    skipped: skipped.length,
    skipped_clients: skipped.slice(0, OFFER_PREVIEW_NAMES),
  };
}

/**
 * Admin sends an offer: one queued row per client of the audience, sent in the background in jobs of 50 (each
 * client's consent to use asked again at their send: skipped without it). To chosen clients, the consents are asked
 * now too: one without it is a 409 naming them; several and none with it, a 409 too. Never a 5xx for thousands.
 */
export async function sendOffer(deps: OffersDeps, actor: Actor, body: CreateOfferBody, kick: () => void) {
  const now = deps.now();
  const clients = await clientsOf(deps.db, body);
  if (body.audience === 'selected') {
    const consented = await consentedOf(deps.db, clients, now);
    const allowed = clients.map((c) => consented.has(c.id));
    if (clients.length === 1 && !allowed[0])
      throw new AppError('conflict', M.refusals.noUseConsent, { params: { client: clients[0]!.full_name } });
    if (!allowed.some(Boolean)) throw new AppError('conflict', M.refusals.noneConsented);
  }
  if (!clients.length) throw new AppError('conflict', M.refusals.noneConsented);
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    await repo.insertOffer(tx, {
      id,
      subject: body.subject,
      body: body.body,
      audience: body.audience,
      created_by: actor.userId,
      created_at: now,
    });
    await repo.insertRecipients(
      tx,
      id,
      clients.map((c) => c.id),
      randomUUID,
    );
    const ids = await repo.recipientIds(tx, id);
    for (let i = 0; i < ids.length; i += OFFER_JOB_BATCH)
      await enqueueJob(tx, OFFER_JOB, { recipient_ids: ids.slice(i, i + OFFER_JOB_BATCH) }, now);
    await audit(tx, {
      actorId: actor.userId,
      action: 'offer.send',
      entityType: 'offer',
      entityId: id,
      ip: actor.ip,
      meta: { audience: body.audience, recipients: ids.length },
    });
  });
  kick();
  return getOffer(deps, id);
}

const emptyCounts = (): Record<OfferRecipientState, number> =>
  Object.fromEntries(OFFER_RECIPIENT_STATES.map((s) => [s, 0])) as Record<OfferRecipientState, number>;

function viewsOf(
  found: { offer: repo.OfferRow; created_by_name: string | null }[],
  counts: { offer_id: string; state: string; n: number }[],
): Offer[] {
  return found.map(({ offer, created_by_name }) => {
    const c = emptyCounts();
    for (const row of counts)
      if (row.offer_id === offer.id && (OFFER_RECIPIENT_STATES as readonly string[]).includes(row.state))
        c[row.state as OfferRecipientState] = row.n;
    return {
      id: offer.id,
      subject: offer.subject,
      body: offer.body,
      audience: offer.audience === 'selected' ? 'selected' : 'all',
      created_at: offer.created_at.toISOString(),
      created_by_name,
      counts: c,
    };
  });
}

export async function listOffers(deps: OffersDeps) {
  const found = await repo.latestOffers(deps.db, 50);
  return {
    items: viewsOf(
      found,
      await repo.countsOf(
        deps.db,
        found.map((f) => f.offer.id),
      ),
    ),
  };
}

export async function getOffer(deps: OffersDeps, id: string): Promise<Offer> {
  const found = await repo.findOffer(deps.db, id);
  if (!found) throw notFound(M.refusals.offerNotFound);
  return viewsOf([found], await repo.countsOf(deps.db, [id]))[0]!;
}

export async function listRecipients(
  deps: OffersDeps,
  id: string,
  q: { state?: OfferRecipientState | undefined; cursor?: string | undefined; limit: number },
) {
  await getOffer(deps, id);
  const found = await repo.pageRecipients(deps.db, id, q.state, q.cursor ?? '', q.limit + 1);
  const page = found.slice(0, q.limit);
  return {
    items: page.map((r) => ({
      customer_id: r.customer_id,
      full_name: r.full_name,
      email: r.email,
      state: (OFFER_RECIPIENT_STATES as readonly string[]).includes(r.state)
        ? (r.state as OfferRecipientState)
        : 'queued',
      sent_at: r.sent_at?.toISOString() ?? null,
    })),
    next_cursor: found.length > q.limit ? page.at(-1)!.email : null,
  };
}
