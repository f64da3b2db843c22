import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { SAMPLE_ORGANIZER } from '@taxportal/contract';
import { ticketOrganizers, tickets } from '../../platform/db/schema.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';

/**
 * The matrix's calls of organizers (issue 32). Admin's template routes each get a new template of the Admin's (for
 * a tax year no ticket of the world has, so it applies to none); the ticket routes work on the owner's ticket, which
 * a published template for its service and year gives an organizer (made once per world).
 */
const BASE = '/api/v1/admin/organizers';
const NOBODYS_YEAR = 2001;
const SSN = '123-45-6789';

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
};

const templateBody = { name: 'Matrix organizer', service_id: null, tax_year: NOBODYS_YEAR };

async function newTemplate(w: World): Promise<string> {
  return ok(await w.as(w.agents.admin, { method: 'POST', url: BASE, payload: templateBody }), 'template').id;
}

const applied = new WeakMap<World, Promise<void>>();
/** A published template that applies to the owner's ticket (its service and year). */
export function organizerForTicket(w: World): Promise<void> {
  let made = applied.get(w);
  if (!made) {
    made = (async () => {
      const [t] = await w.t.database.db
        .select({ service_id: tickets.service_id, year: tickets.year })
        .from(tickets)
        .where(eq(tickets.id, w.ticket.id));
      const body = { name: 'Matrix ticket organizer', service_id: t!.service_id, tax_year: Number(t!.year) };
      const { id } = ok(
        await w.as(w.agents.admin, { method: 'POST', url: BASE, payload: { ...body, definition: SAMPLE_ORGANIZER } }),
        'ticket template',
      );
      ok(await w.as(w.agents.admin, { method: 'POST', url: `${BASE}/${id}/publish` }), 'publish');
    })();
    applied.set(w, made);
  }
  return made;
}

/**
 * The owner's answers, with the SSN `reveal` reads (every save writes all the answers), from the revision stored
 * now (a save names the one it read: the matrix's callers save one after another).
 */
async function answers(w: World) {
  const [row] = await w.t.database.db
    .select({ revision: ticketOrganizers.revision })
    .from(ticketOrganizers)
    .where(eq(ticketOrganizers.ticket_id, w.ticket.id));
  return { version: 1, revision: row?.revision ?? 0, answers: { ssn: SSN, has_w2: false } };
}

export const ORGANIZER_CALLS = {
  organizerNew: (() => ({ body: templateBody })) as CallFor,
  organizerTemplate: (async (w) => ({ params: { id: await newTemplate(w) } })) as CallFor,
  organizerUpdate: (async (w) => ({ params: { id: await newTemplate(w) }, body: templateBody })) as CallFor,
  organizerDraft: (async (w) => ({
    params: { id: await newTemplate(w) },
    body: { definition: SAMPLE_ORGANIZER },
  })) as CallFor,
  ticketOrganizer: (async (w) => {
    await organizerForTicket(w);
    return { params: { id: w.ticket.id } };
  }) as CallFor,
  ticketOrganizerSave: (async (w) => {
    await organizerForTicket(w);
    return { params: { id: w.ticket.id }, body: await answers(w) };
  }) as CallFor,
  ticketOrganizerReveal: (async (w) => {
    await organizerForTicket(w);
    ok(
      await w.as(w.agents.admin, {
        method: 'PUT',
        url: `/api/v1/tickets/${w.ticket.id}/organizer`,
        payload: await answers(w),
      }),
      'answers',
    );
    return { params: { id: w.ticket.id }, body: { path: 'ssn' } };
  }) as CallFor,
};
