import type { SigningDeps } from '../signing/index.ts';

/**
 * The engagement letters' deps: signing's (the vault's store and clock, mail, live events, the SMS provider, the
 * firm's name): letters are signed with its machinery and stored as documents of the ticket.
 */
export type EngagementDeps = SigningDeps;
