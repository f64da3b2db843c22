import { and, eq, notInArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { householdDependents } from '../../platform/db/schema.ts';
import type { CallFor } from './authorization-matrix.ts';
import type { World } from './authorization-world.ts';
import { organizerForTicket } from './organizer-calls.ts';

/**
 * The matrix's calls of the household's dependents (issue 32 item 5): the owner's dependent (one per world, with an
 * SSN for `reveal`), a deletable one made again once deleted (so the household stays under its limit), and the
 * owner's ticket's organizer, which the sample organizer gives a group of household dependents.
 */
const BASE = '/api/v1/household/dependents';
const body = { first_name: 'Matrix', last_name: 'Kid', ssn: '123-45-6789' };

const ok = (res: LightMyRequestResponse, what: string) => {
  if (res.statusCode >= 300) throw new Error(`set-up: ${what} answered ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
};
// Only the kept one has the SSN: a household refuses a second dependent with the same number (409).
const newDependent = async (w: World, payload: Record<string, unknown> = body) =>
  ok(await w.as(w.agents.owner, { method: 'POST', url: BASE, payload }), 'dependent').id;

// By the world's app: each call gets a copy of the world (its callers, its fresh objects).
const kept = new WeakMap<World['t'], Promise<string>>();
function ownersDependent(w: World): Promise<string> {
  let made = kept.get(w.t);
  if (!made) kept.set(w.t, (made = newDependent(w)));
  return made;
}

const deletable = new WeakMap<World['t'], string>();
async function deletableDependent(w: World): Promise<string> {
  const id = deletable.get(w.t);
  if (id) {
    const [still] = await w.t.database.db
      .select({ id: householdDependents.id })
      .from(householdDependents)
      .where(and(eq(householdDependents.owner_id, w.ids.owner), eq(householdDependents.id, id)));
    if (still) return id;
  }
  const made = await newDependent(w, { first_name: 'Matrix', last_name: 'Deletable' });
  deletable.set(w.t, made);
  return made;
}

/** Room in the owner's household for one more (the POST row adds one per allowed call): all but the two above go. */
async function roomForOne(w: World): Promise<void> {
  const keep = [await ownersDependent(w), deletable.get(w.t) ?? ''];
  await w.t.database.db
    .delete(householdDependents)
    .where(and(eq(householdDependents.owner_id, w.ids.owner), notInArray(householdDependents.id, keep)));
}

export const HOUSEHOLD_DEPENDENT_CALLS = {
  newDependent: (async (w) => {
    await roomForOne(w);
    return { body: { first_name: 'Matrix new' } };
  }) as CallFor,
  dependent: (async (w) => ({ params: { id: await ownersDependent(w) } })) as CallFor,
  changeDependent: (async (w) => ({ params: { id: await ownersDependent(w) }, body })) as CallFor,
  deleteDependent: (async (w) => ({ params: { id: await deletableDependent(w) } })) as CallFor,
  declineDependent: (async (w) => {
    await organizerForTicket(w);
    return { params: { id: w.ticket.id, dependentId: await ownersDependent(w) }, body: { declined: true } };
  }) as CallFor,
};
