// The document-requests feature's public entry point: other features, app.ts and the demo sample import it only
// from here (docs/decisions/0010).
export { requestsRoutes } from './requests.routes.ts';
/** Which statuses end asking for documents, and the requests a questionnaire's answers make (questionnaire). */
export { FINISHED_STATUSES, syncAnswerRequests } from './requests.service.ts';
/** The requests an organizer's answers make, by stable key (organizers). */
export { keyedRequests, syncKeyedRequests, type KeyedRequestState } from './requests.service.ts';
/** The service functions the demo sample plays (docs/decisions/0008). */
export { createRequests, listTicketRequests } from './requests.service.ts';
