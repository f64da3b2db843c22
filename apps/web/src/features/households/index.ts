// The households feature's public entry point (issue 32 item 5, docs/decisions/0032): Profile → Household's members
// and invitations, and the caller's household for the pages that offer a joint return. Others import only this.
export const loadHouseholdSection = () => import('./household-section.tsx');
/** '/join-household?token=…': the spouse invited at an e-mail without an account chooses a password and joins. */
export const loadJoinHouseholdPage = () => import('./join-household-page.tsx');
/** The signed-in customer's household (members, invitations): who a joint return would be filed with. */
export { useHousehold } from './households-api.ts';
