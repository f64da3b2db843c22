import { eq, sql } from 'drizzle-orm';
import type { TicketStatus } from '@taxportal/contract';
import { services, serviceTypes, tickets } from '../platform/db/schema.ts';
import type { Agent, TestApp } from './helper.ts';

/** A service of the seeded catalogue (its type included) and an offered year. */
export async function pickService(t: TestApp, typeName = 'Individual Tax Return') {
  const [row] = await t.database.db
    .select({ service_id: services.id, service_type_id: services.service_type_id, service_name: services.name })
    .from(services)
    .innerJoin(serviceTypes, eq(serviceTypes.id, services.service_type_id))
    .where(eq(serviceTypes.name, typeName))
    .limit(1);
  if (!row) throw new Error(`no service of type ${typeName}`);
  return { ...row, year: 2023 };
}

/** Opens a ticket through the API as `agent` (a customer, or staff with customer_id). */
export async function openTicket(t: TestApp, agent: Agent, body: Record<string, unknown> = {}) {
  const s = await pickService(t);
  const res = await agent.post('/api/v1/tickets', {
    service_id: s.service_id,
    service_type_id: s.service_type_id,
    year: s.year,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`ticket not created: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; version: number; status: TicketStatus; [k: string]: unknown };
}

/** Puts a ticket straight into a status (test set-up, bypassing the transition table). */
export async function forceStatus(t: TestApp, ticketId: string, status: TicketStatus) {
  await t.database.db
    .update(tickets)
    .set({ status, version: sql`${tickets.version} + 1` })
    .where(eq(tickets.id, ticketId));
}
