// The households feature's public entry point: other features, app.ts, the demo and tests import it only from here
// (docs/decisions/0010, 0032). It owns who belongs to which household; tickets owns who may see a ticket.
export { householdsRoutes } from './households.routes.ts';
/** A person's household and its members (primary first), or null; their spouse in it (the other member), or null. */
export { householdOf, spouseOf } from './households.repository.ts';
/** Households made by others' flows (the client import's rows with a spouse): membership's one writer. */
export { insertHouseholds } from './households.repository.ts';
/**
 * The household's dependents (docs/decisions/0032-a): Household → Dependents, and what a ticket's organizer offers
 * and keeps (organizers/organizer-household.ts).
 */
export { householdDependentsRoutes } from './dependents.routes.ts';
export { dependentView, openSsn as openDependentSsn, type DependentsDeps } from './dependent-values.ts';
export type { DependentRow } from './dependents.repository.ts';
export {
  dependentOffers,
  householdDependentsOf,
  keepDependentFromEntry,
  setDependentDeclined,
} from './dependents.offers.ts';
