import {
  HOUSEHOLD_DEPENDENT_MESSAGES as M,
  householdDependentBodySchema,
  type HouseholdDependentField,
  type HouseholdDependentOffer,
} from '@taxportal/contract';
import { REQUEST_PROBLEMS } from '@taxportal/contract/texts';
import { audit } from '../platform/audit.ts';
import type { Tx } from '../platform/db/client.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { keyOfText } from '../platform/i18n.ts';
import { dependentView, householdPeople, sealSsn, type DependentsDeps } from './dependent-values.ts';
import * as repo from './dependents.repository.ts';
import { insertHouseholdDependent } from './dependents.service.ts';

/**
 * What a ticket's organizer asks of the household's dependents (organizers/organizer-household.ts, through index.ts):
 * the list of the ticket's customer's household, the ones offered on this ticket and those its filer said "not this
 * year" to, and the household's copy kept from an organizer entry that is new or was changed.
 */
interface TicketOf {
  id: string;
  customer_id: string;
}

/** The household's dependents of a ticket's customer (SSNs as stored: sealed). */
export async function householdDependentsOf(db: Tx, userId: string): Promise<repo.DependentRow[]> {
  return repo.dependentsOf(db, await householdPeople(db, userId));
}

/** The household's dependents the ticket's answers do not hold (`claimed`: its entries' ids), each declined or not. */
export async function dependentOffers(
  db: Tx,
  ticket: TicketOf,
  claimed: ReadonlySet<string>,
): Promise<HouseholdDependentOffer[]> {
  const [rows, declined] = await Promise.all([
    householdDependentsOf(db, ticket.customer_id),
    repo.declinedOn(db, ticket.id),
  ]);
  return rows
    .filter((r) => !claimed.has(r.id))
    .map((r) => ({ ...dependentView(r), declined: declined.has(`${r.owner_id}:${r.id}`) }));
}

/** "Not this year" on this ticket (or offered again); 404 for a dependent of another household. */
export async function setDependentDeclined(
  tx: Tx,
  ticket: TicketOf,
  dependentId: string,
  declined: boolean,
): Promise<void> {
  const row = await repo.findDependent(tx, await householdPeople(tx, ticket.customer_id), dependentId);
  if (!row) throw notFound(M.notFound);
  await repo.setDeclined(tx, { ticket_id: ticket.id, owner_id: row.owner_id, dependent_id: row.id }, declined);
}

export type DependentValues = Partial<Record<Exclude<HouseholdDependentField, 'ssn'>, string | number | null>>;

/** The household's rule for what an entry gives (names, whole months, a date of birth): 422 naming the answer. */
function checked(values: DependentValues, at: string) {
  const parsed = householdDependentBodySchema.partial().safeParse(values);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: [at, ...issue.path.map(String)].join('.'),
    message: keyOfText(issue.message) ? issue.message : REQUEST_PROBLEMS.invalidValue,
  }));
  throw new AppError('validation', REQUEST_PROBLEMS.invalidValue, { errors });
}

/**
 * The household's copy of an organizer entry that is new or was changed (its id names the dependent): made for the
 * ticket's customer when the household has no dependent of that id, else the fields that changed written over it.
 * `ssn`: the number in clear (nine digits) or null when it changed, undefined when not. `at`: the entry's place in the
 * answers (`answers.dependents.0`), which a refusal names.
 */
export async function keepDependentFromEntry(
  tx: Tx,
  deps: DependentsDeps,
  opts: {
    ticket: TicketOf;
    actorId: string;
    id: string;
    row: repo.DependentRow | null;
    values: DependentValues;
    ssn: string | null | undefined;
    at: string;
  },
): Promise<void> {
  const via = { ticket_id: opts.ticket.id };
  const values = checked(opts.values, opts.at);
  if (!opts.row) {
    if (!values.first_name) return;
    await insertHouseholdDependent(tx, deps, {
      userId: opts.ticket.customer_id,
      actorId: opts.actorId,
      id: opts.id,
      body: { ...values, first_name: values.first_name, ssn: opts.ssn ?? null },
      ssnField: `${opts.at}.ssn`,
      via,
    });
    return;
  }
  const row = opts.row;
  const ssn = sealSsn(deps.encryptionKey, row, opts.ssn, row.ssn, `${opts.at}.ssn`);
  // Only what the entry changed; an empty text is no answer (a name stays: an entry without one changes nothing).
  const set: Partial<repo.DependentFields> = {};
  if (values.first_name) set.first_name = values.first_name;
  if ('last_name' in values) set.last_name = values.last_name || null;
  if ('date_of_birth' in values) set.date_of_birth = values.date_of_birth || null;
  if ('relationship' in values) set.relationship = values.relationship || null;
  if ('months_lived_with_you' in values) set.months_lived_with_you = values.months_lived_with_you ?? null;
  await repo.updateDependent(tx, row, {
    ...set,
    ...(opts.ssn !== undefined ? { ssn: ssn.ssn } : {}),
    updated_by: opts.actorId,
    at: deps.now(),
  });
  await audit(tx, {
    actorId: opts.actorId,
    action: 'household.dependent.update',
    entityType: 'household_dependent',
    entityId: row.id,
    meta: {
      owner_id: row.owner_id,
      ...via,
      ...(ssn.written ? { sealed_written: ['ssn'] } : {}),
      ...(ssn.cleared ? { sealed_cleared: ['ssn'] } : {}),
    },
  });
}
