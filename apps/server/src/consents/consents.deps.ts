import type { SigningDeps } from '../signing/index.ts';

/**
 * What the consents feature needs (docs/decisions/0034): signing's deps (the taxpayer's data's: db, hub, mailer, log,
 * the public URL, the clock `now` that expiry is read against, auth's keys) with the SMS provider, because a consent
 * is signed with Form 8879's factor checks. app.ts hands the same object it gives signing; tests inject the clock
 * through AppDeps.documentsNow, so consents and the vault's shares read one time.
 */
export type ConsentsDeps = SigningDeps;
