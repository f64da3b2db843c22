import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { insertHouseholds } from '../../households/index.ts';
import { householdInvitations, householdMembers } from '../../platform/db/schema.ts';
import { createCustomer, signIn, type TestApp } from '../helper.ts';
import { forceStatus } from '../ticket-fixtures.ts';
import { multipart, pdf } from '../upload-fixtures.ts';
import type { Call, CallFor } from './authorization-matrix.ts';
import { sessionCaller, type Caller, type World } from './authorization-world.ts';

/**
 * Households in the authorization matrix (docs/decisions/0032). HOUSEHOLD_CALLS: how the matrix calls the household
 * routes (invitations made in the database, addressed to or sent by the caller, so each call has its own);
 * HOUSEHOLD_VISIBILITY: the visibility rules on the owner's objects, for the owner's spouse and for a member of
 * another household, each route called as it would be if access were the only question.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A pending invitation made in the database: from `inviter` (a new customer by default) to `invitee`. */
async function invitation(t: TestApp, from: string | null, to: string | null): Promise<string> {
  const id = randomUUID();
  const inviter = from ?? (await createCustomer(t, { full_name: 'Matrix Inviter' })).id;
  await t.database.db.insert(householdInvitations).values({
    id,
    inviter_id: inviter,
    invitee_id: to,
    full_name: 'Matrix Invitee',
    email: `invitee.${id}@example.test`,
    expires_at: new Date(Date.now() + 7 * DAY_MS),
  });
  return id;
}

/** Puts `userId` in a household with a new customer, unless they are in one already. */
async function inHousehold(t: TestApp, userId: string): Promise<void> {
  const [member] = await t.database.db.select().from(householdMembers).where(eq(householdMembers.user_id, userId));
  if (member) return;
  const spouse = await createCustomer(t, { full_name: 'Matrix Partner' });
  await insertHouseholds(t.database.db, [{ id: randomUUID(), primary: userId, spouse: spouse.id }]);
}

/** Whose invitation a principal's call names: their own, except `other`, who is given the owner's (404). */
const whose = (w: World, p: Parameters<CallFor>[1]) => (p === 'other' ? w.callers.owner.userId : w.callers[p].userId);

export const HOUSEHOLD_CALLS = {
  inviteSpouse: (() => ({
    body: { full_name: 'Matrix Spouse', email: `spouse.${randomUUID()}@example.test` },
  })) as CallFor,
  sentInvitation: (async (w, p) => ({ params: { id: await invitation(w.t, whose(w, p), null) } })) as CallFor,
  receivedInvitation: (async (w, p) => ({ params: { id: await invitation(w.t, null, whose(w, p)) } })) as CallFor,
  leaveHousehold: (async (w, p) => {
    const userId = w.callers[p].userId;
    if (userId && ['owner', 'other', 'token'].includes(p)) await inHousehold(w.t, userId);
    return {};
  }) as CallFor,
  /** The world's ticket stays what it is (a separate return): a switch its customer and staff may ask for. */
  ticketJoint: ((w) => ({ params: { id: w.ticket.id }, body: { joint: false } })) as CallFor,
};

// ---- The visibility rules: the owner's spouse, and a member of another household.

export interface HouseholdWorld {
  /** The owner's spouse in their household, signed in. */
  spouse: Caller;
  /** `other`, in a household of their own with someone else. */
  otherHousehold: Caller;
  /** The owner's joint return with the spouse, with a document and an issued invoice. */
  joint: { ticket: string; document: string; invoice: string };
  /** The owner's separate return (the world's ticket) and its document and invoice. */
  separate: { ticket: string; document: string; invoice: string };
}

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string };
};

/** Made once per world, through the API as people would: the invitation accepted, the joint return opened. */
export async function householdWorld(w: World): Promise<HouseholdWorld> {
  const { t } = w;
  const s = await createCustomer(t, { full_name: 'Matrix Spouse' });
  const spouseAgent = await signIn(t, s.email);
  const sent = ok(
    await w.as(w.agents.owner, {
      method: 'POST',
      url: '/api/v1/household/invitations',
      payload: { full_name: s.full_name, email: s.email },
    }),
    'invite',
  ) as unknown as { sent: { id: string }[] };
  ok(
    await w.as(spouseAgent, { method: 'POST', url: `/api/v1/household/invitations/${sent.sent[0]!.id}/accept` }),
    'accept',
  );
  await inHousehold(t, w.ids.other);
  const svc = ok(await w.as(w.agents.owner, { method: 'GET', url: `/api/v1/tickets/${w.ticket.id}` }), 'ticket')
    .service as { id: string };
  const made = ok(
    await w.as(w.agents.owner, {
      method: 'POST',
      url: '/api/v1/tickets',
      payload: { service_id: svc.id, year: 2023, joint: true },
    }),
    'joint ticket',
  );
  const upload = await w.as(w.agents.owner, {
    method: 'POST',
    url: '/api/v1/documents',
    ...multipart({ document_type: w.documentTypeId, ticket_id: made.id }, [
      { name: 'joint.pdf', data: pdf('MATRIX-JOINT') },
    ]),
  });
  const document = (ok(upload, 'joint upload') as unknown as { items: { id: string }[] }).items[0]!.id;
  await forceStatus(t, made.id, 'Ready For Invoice');
  const invoice = ok(
    await w.as(w.agents.admin, {
      method: 'POST',
      url: '/api/v1/invoices',
      payload: { ticket_id: made.id, issue: true },
    }),
    'joint invoice',
  ).id;
  return {
    spouse: sessionCaller(spouseAgent, s.id, s.email),
    otherHousehold: w.callers.other,
    joint: { ticket: made.id, document, invoice },
    separate: { ticket: w.ticket.id, document: w.document, invoice: w.invoice },
  };
}

type Objects = HouseholdWorld['joint'];
/** A route, and how each side calls it on the joint return's or the separate return's objects. */
export interface VisibilityRow {
  /** The spouse on the joint return; the spouse on the owner's separate return; another household on the joint. */
  expect: { spouseJoint: number; spouseSeparate: number; otherJoint: number };
  call: (o: Objects) => Call;
}
const onTicket = (o: Objects): Call => ({ params: { id: o.ticket } });
const seen = (spouseJoint: number, call: (o: Objects) => Call = onTicket): VisibilityRow => ({
  expect: { spouseJoint, spouseSeparate: 404, otherJoint: 404 },
  call,
});

/**
 * A joint return is both spouses' (its ticket, conversation, documents, requests, invoice, form, questionnaire and
 * organizer); a separate one is its customer's alone: the spouse and another household get 404, as for what does
 * not exist. The switch between joint and separate is the customer's (the spouse: 403 on the joint return).
 */
export const HOUSEHOLD_VISIBILITY: Record<string, VisibilityRow> = {
  'GET /api/v1/tickets/:id': seen(200),
  'GET /api/v1/tickets/:id/history': seen(200),
  'GET /api/v1/tickets/:id/messages': seen(200),
  'POST /api/v1/tickets/:id/messages': seen(201, (o) => ({ params: { id: o.ticket }, body: { body: 'From home' } })),
  'POST /api/v1/tickets/:id/read': seen(200),
  'GET /api/v1/tickets/:id/document-requests': seen(200),
  'GET /api/v1/tickets/:id/invoice': seen(200),
  'GET /api/v1/tickets/:id/signing': seen(200),
  'GET /api/v1/tickets/:id/drafts': seen(200),
  'GET /api/v1/tickets/:id/profile': seen(200),
  'GET /api/v1/tickets/:id/organizer': seen(200),
  'GET /api/v1/documents': seen(200, (o) => ({ query: { ticket_id: o.ticket } })),
  'GET /api/v1/documents/:id/file': seen(200, (o) => ({ params: { id: o.document } })),
  'GET /api/v1/invoices/:id': seen(200, (o) => ({ params: { id: o.invoice } })),
  'GET /api/v1/invoices/:id/pdf': seen(200, (o) => ({ params: { id: o.invoice } })),
  'POST /api/v1/invoices/:id/payment-intent': seen(200, (o) => ({ params: { id: o.invoice } })),
  'POST /api/v1/tickets/:id/joint': seen(403, (o) => ({ params: { id: o.ticket }, body: { joint: false } })),
};
