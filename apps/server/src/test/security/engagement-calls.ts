import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { engagementLetters, passkeys, phoneCodes, tickets, userPhones, users } from '../../platform/db/schema.ts';
import { confirmationToken } from '../../signing/index.ts';
import { PASSWORD } from '../helper.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * Engagement letters in the authorization matrix (docs/decisions/0036). Admin's template routes each get a template
 * of their own; letters are the preparer's, for the owner's ticket (a default template for its service type is made
 * once per world), each call that answers, sends, voids or signs one getting a new letter of a new ticket. Staff never answer for the
 * client (403); another customer is given the owner's letter (404).
 */
const TEMPLATES = '/api/v1/admin/engagement-templates';
const LETTERS = '/api/v1/engagement-letters';

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
};

const templateBody = (serviceTypeId: string | null, isDefault = false) => ({
  name: 'Matrix letter',
  service_type_id: serviceTypeId,
  is_default: isDefault,
  body: '<p>Dear {{client_name}}, {{services}}</p>',
});

const newTemplate = async (w: World) =>
  ok(await w.as(w.agents.admin, { method: 'POST', url: TEMPLATES, payload: templateBody(null) }), 'template').id;

const defaults = new WeakMap<World, Promise<void>>();
/** The default template for the service type of the owner's ticket (once per world). */
function defaultTemplate(w: World): Promise<void> {
  let made = defaults.get(w);
  if (!made) {
    made = (async () => {
      const [t] = await w.t.database.db
        .select({ type: tickets.service_type_id })
        .from(tickets)
        .where(eq(tickets.id, w.ticket.id));
      ok(
        await w.as(w.agents.admin, { method: 'POST', url: TEMPLATES, payload: templateBody(t!.type, true) }),
        'default',
      );
    })();
    defaults.set(w, made);
  }
  return made;
}

/**
 * A letter of the owner: sent, or a draft. Its ticket comes from the row's `fresh` (the same until a call goes
 * through), and a ticket takes one waiting letter: a principal refused before leaves the letter as it was, so the
 * next one is given that letter again (a draft is made anew: drafts do not wait for signature).
 */
async function ownerLetter(w: World, send = true): Promise<string> {
  await defaultTemplate(w);
  const ticketId = (await w.fresh.ticket()).id;
  if (send) {
    const [waiting] = await w.t.database.db
      .select({ id: engagementLetters.id })
      .from(engagementLetters)
      .where(and(eq(engagementLetters.ticket_id, ticketId), inArray(engagementLetters.state, ['sent', 'viewed'])));
    if (waiting) return waiting.id;
  }
  const payload = { ticket_id: ticketId, send };
  return ok(await w.as(w.agents.preparer, { method: 'POST', url: LETTERS, payload }), 'letter').id;
}

const readable = new WeakMap<World, Promise<string>>();
const sharedLetter = (w: World) => {
  let id = readable.get(w);
  if (!id) readable.set(w, (id = ownerLetter(w)));
  return id;
};

/** The owner's phone, verified, with no codes yet (as the matrix's 8879 rows do). */
async function ownerVerifiedPhone(w: World) {
  const phone = '+12025550177';
  const db = w.t.database.db;
  await db.update(users).set({ phone }).where(eq(users.id, w.ids.owner));
  await db.insert(userPhones).values({ user_id: w.ids.owner, phone }).onConflictDoNothing();
  await db.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
}

async function ownerPasskey(w: World) {
  const id = randomBytes(16).toString('base64url');
  await w.t.database.db
    .insert(passkeys)
    .values({ id, user_id: w.ids.owner, name: 'Matrix letter key', public_key: 'AAAA', counter: 0 });
}

export const ENGAGEMENT_CALLS = {
  /** A season's batch naming the owner's ticket (docs/decisions/0036, "Bulk sending"). */
  letterBatchBody: ((w) => ({ body: { tax_year: 2023, ticket_ids: [w.ticket.id] } })) as CallFor,
  letterBatch: (async (w) => ({
    params: {
      id: ok(
        await w.as(w.agents.admin, { method: 'POST', url: `${LETTERS}/batches`, payload: { tax_year: 2023 } }),
        'batch',
      ).id,
    },
  })) as CallFor,
  engagementTemplateNew: (() => ({ body: templateBody(null) })) as CallFor,
  engagementTemplate: (async (w) => ({ params: { id: await newTemplate(w) } })) as CallFor,
  engagementTemplateUpdate: (async (w) => ({
    params: { id: await newTemplate(w) },
    body: { ...templateBody(null), body: '<p>Changed {{client_name}}</p>{{services}}' },
  })) as CallFor,
  engagementSettings: (() => ({ body: { expiry_days: 30 } })) as CallFor,
  letterPrefill: ((w) => ({ query: { ticket_id: w.ticket.id } })) as CallFor,
  newLetter: (async (w) => {
    await defaultTemplate(w);
    return { body: { ticket_id: (await w.fresh.ticket()).id } };
  }) as CallFor,
  letter: (async (w) => ({ params: { id: await sharedLetter(w) } })) as CallFor,
  draftLetter: (async (w) => ({ params: { id: await ownerLetter(w, false) } })) as CallFor,
  openLetter: (async (w) => ({ params: { id: await ownerLetter(w) } })) as CallFor,
  declineLetter: (async (w) => ({
    params: { id: await ownerLetter(w) },
    body: { reason: 'Not this year' },
  })) as CallFor,
  letterSmsCode: (async (w) => {
    await ownerVerifiedPhone(w);
    return { params: { id: await ownerLetter(w) } };
  }) as CallFor,
  letterPasskey: (async (w) => {
    await ownerPasskey(w);
    return { params: { id: await ownerLetter(w) } };
  }) as CallFor,
  confirmLetter: (async (w) => ({
    params: { id: await ownerLetter(w) },
    body: { factor: 'password', password: PASSWORD },
  })) as CallFor,
  /** The owner's confirmation, as …/confirm would give it (its own row checks who may get one). */
  signLetter: (async (w) => {
    const id = await ownerLetter(w);
    const expires = new Date(Date.now() + 10 * 60_000);
    const by = { factor: 'password' as const, phoneLast4: null };
    const confirmation = confirmationToken(
      w.t.secrets.sessionSecret,
      id,
      'taxpayer',
      w.ids.owner,
      expires,
      by,
      'engagement',
    );
    const [me] = await w.t.database.db.select().from(users).where(eq(users.id, w.ids.owner));
    return {
      params: { id },
      body: { confirmation, signer_name: me!.full_name, method: 'typed', typed_signature: me!.full_name },
    };
  }) as CallFor,
};
