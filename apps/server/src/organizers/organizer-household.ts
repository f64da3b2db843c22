import {
  entryDependentValues,
  householdGroupOf,
  isAnswered,
  isMaskedValue,
  type GroupQuestion,
  type HouseholdDependentField,
  type HouseholdOffers,
  type OrganizerDefinition,
} from '@taxportal/contract';
import { isStaff } from '../platform/auth/guard.ts';
import type { AuthContext } from '../platform/auth/sessions.ts';
import type { Tx } from '../platform/db/client.ts';
import { isSealedValue } from '../platform/sealed-values.ts';
import {
  dependentOffers,
  dependentView,
  householdDependentsOf,
  keepDependentFromEntry,
  openDependentSsn,
  type DependentRow,
  type DependentsDeps,
} from '../households/index.ts';
import { maskOrganizerAnswers, revealOrganizerValue, sealEntryValue } from './organizer-secrets.ts';

/**
 * A ticket's organizer and the household's dependents (issue 32 item 5; docs/decisions/0032-a). Its group of
 * household dependents (the contract's household-group.ts) is offered the household's dependents its answers do not
 * hold, never filled with them unasked; a claimed one becomes an entry of the dependent's id, its SSN copied from the
 * household and sealed again for this ticket (as carry-forward does). An entry that a save makes or changes updates
 * the household's copy (the one home of the list); removing an entry from one year leaves the household's alone.
 */
type Json = Record<string, unknown>;
interface TicketOf {
  id: string;
  customer_id: string;
}

/**
 * The ticket as the household's side of its organizer sees it: `customer_id` names the person whose CURRENT household
 * is offered, copied from and updated — the caller's own (a customer, also the spouse of a joint return or a former
 * spouse who still sees it), never the ticket customer's household nor a former member's; staff act for the ticket's
 * customer. Only offers/prepare/keep below take it.
 */
export const householdSideOf = (auth: AuthContext, ticket: TicketOf): TicketOf => ({
  id: ticket.id,
  customer_id: isStaff(auth) ? ticket.customer_id : auth.user.id,
});

const entriesOf = (v: unknown): Json[] =>
  Array.isArray(v)
    ? v.filter((e): e is Json => typeof e === 'object' && e !== null && typeof (e as Json).id === 'string')
    : [];
const asksSsn = (g: GroupQuestion) => g.fields.some((f) => f.id === 'ssn' && f.type === 'tax_id');

/** What the organizer offers now (null: no group of household dependents, or the ticket can no longer change). */
export async function householdOffers(
  db: Tx,
  ticket: TicketOf,
  definition: OrganizerDefinition,
  answers: Json,
  finished: boolean,
): Promise<HouseholdOffers | null> {
  const group = householdGroupOf(definition);
  if (!group || finished) return null;
  const claimed = new Set(entriesOf(answers[group.id]).map((e) => String(e.id)));
  return { group: group.id, dependents: await dependentOffers(db, ticket, claimed) };
}

export interface HouseholdSave {
  group: GroupQuestion;
  /** The household's dependents as the save began. */
  household: DependentRow[];
  /** The stored answers, with the household's SSN of each entry just claimed (so its mask keeps it). */
  stored: Json;
}

/**
 * Before sealing: an entry claimed from the household comes with the mask of the household's number, which this
 * ticket never stored; the household's number, sealed for this ticket under the entry, stands in what is stored, so
 * the mask keeps it. A mask matching nothing of either is refused as any unknown mask is.
 */
export async function prepareHouseholdSave(
  tx: Tx,
  key: Buffer,
  ticket: TicketOf,
  definition: OrganizerDefinition,
  incoming: Json,
  stored: Json,
): Promise<HouseholdSave | null> {
  const group = householdGroupOf(definition);
  if (!group) return null;
  const household = await householdDependentsOf(tx, ticket.customer_id);
  let copy: Json | null = null;
  if (asksSsn(group))
    for (const entry of entriesOf(incoming[group.id])) {
      const id = String(entry.id);
      if (typeof entry.ssn !== 'string' || !isMaskedValue(entry.ssn)) continue;
      if (entriesOf(stored[group.id]).some((s) => s.id === id && isSealedValue(s.ssn))) continue;
      const row = household.find((r) => r.id === id);
      const clear = row && dependentView(row).ssn === entry.ssn ? openDependentSsn(key, row) : null;
      if (clear === null) continue;
      copy ??= structuredClone(stored);
      const list = entriesOf(copy[group.id]);
      const claimed = { id, ssn: sealEntryValue(key, ticket.id, definition, group.id, 'ssn', id, clear) };
      copy[group.id] = [...list.filter((e) => e.id !== id), { ...list.find((e) => e.id === id), ...claimed }];
    }
  return { group, household, stored: copy ?? stored };
}

/**
 * After the answers are stored: each entry with a first name that this save made or changed (against the entry as
 * stored before, or for a new one the household's dependent of its id) writes what changed into the household's
 * copy, or makes it. An entry this save left as it was changes nothing: the household's list (edited by the other
 * spouse, or a dependent removed there) is not overwritten by an older year's copy.
 */
export async function keepHouseholdDependents(
  tx: Tx,
  deps: DependentsDeps,
  opts: {
    save: HouseholdSave;
    ticket: TicketOf;
    actorId: string;
    definition: OrganizerDefinition;
    before: Json;
    after: Json;
    /** The sealed answers this save wrote (`organizer.<group>[<entry>].ssn`). */
    written: readonly string[];
  },
): Promise<void> {
  const { group, household } = opts.save;
  const mask = (answers: Json) => maskOrganizerAnswers(opts.definition, answers);
  const previous = new Map(entriesOf(mask(opts.before)[group.id]).map((e) => [e.id, e]));
  const entries = entriesOf(mask(opts.after)[group.id]);
  for (const [i, entry] of entries.entries()) {
    if (!isAnswered(entry.first_name)) continue;
    const id = String(entry.id);
    const row = household.find((r) => r.id === id) ?? null;
    const prev = previous.get(id);
    const now = entryDependentValues(group, entry);
    const baseline = prev
      ? entryDependentValues(group, prev)
      : row
        ? entryDependentValues(group, dependentView(row))
        : {};
    const ssnWritten = opts.written.includes(`organizer.${group.id}[${id}].ssn`);
    const changed = (Object.keys(now) as HouseholdDependentField[]).filter(
      (f) => (now[f] ?? null) !== (baseline[f] ?? null) || (f === 'ssn' && ssnWritten),
    );
    if (!changed.length && (row || prev)) continue;
    // A new dependent of the household takes all the entry gives; a known one, what changed.
    const fields = row ? changed : (Object.keys(now) as HouseholdDependentField[]);
    const values = Object.fromEntries(fields.filter((f) => f !== 'ssn').map((f) => [f, now[f] ?? null]));
    const ssn = fields.includes('ssn')
      ? revealOrganizerValue(deps.encryptionKey, opts.ticket.id, opts.definition, opts.after, `${group.id}.${id}.ssn`)
      : undefined;
    await keepDependentFromEntry(tx, deps, {
      ticket: opts.ticket,
      actorId: opts.actorId,
      id,
      row,
      values,
      ssn: ssn === undefined ? undefined : (ssn?.replace(/-/g, '') ?? null),
      at: `answers.${group.id}.${i}`,
    });
  }
}
