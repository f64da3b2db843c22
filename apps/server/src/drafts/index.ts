// The drafts feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { draftsRoutes } from './drafts.routes.ts';
/** What happens after a draft or signing transaction commits, and the ticket link their mails carry (signing). */
export { FollowUps, ticketLink } from './drafts.notify.ts';
/** The service functions the demo sample plays (docs/decisions/0008). */
export { approveDraft, listDrafts, uploadDraft } from './drafts.service.ts';
