// The engagement letters feature's public entry point (issue 33, docs/decisions/0036): app.ts, the dashboard and tests
// import it only from here (docs/decisions/0010). Templates, letters, their signing with signing/index.ts's machinery.
export { engagementRoutes } from './engagement.routes.ts';
/** The scan of reminders and expiry, for a runner on an injected clock (tests). */
export { createEngagementJobRunner } from './engagement.reminders.ts';
/** Staff's dashboard: the letters sent and not yet signed nor expired, oldest first. */
export { unsignedLetters } from './engagement-dashboard.ts';
/** The hold at Open until a ticket's letter is signed (a firm setting): app.ts registers it with tickets. */
export { engagementHold } from './engagement-hold.ts';
