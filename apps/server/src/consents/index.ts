// The consents feature's public entry point (§7216 consents, issue 33 item 3; docs/decisions/0034): other features,
// app.ts, the demo and tests import it only from here.
/**
 * THE gate others call before a use or a disclosure beyond preparation (share links at each open, offers at each
 * send): the customer's consent in force at `now`, or null. Checking at each use is the rule — a revocation or an
 * expiry takes effect at once because nothing caches the answer; `onConsentEnded` only tells of revocations sooner.
 */
export {
  activeConsent,
  activeConsents,
  disclosureConsentOfAll,
  onConsentEnded,
  type ActiveConsent,
  type ConsentEnded,
} from './consents.active.ts';
export { consentsRoutes } from './consents.routes.ts';
