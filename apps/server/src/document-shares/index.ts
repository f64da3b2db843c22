// Share links of a ticket's documents with third parties under the client's §7216 consent (issue 33 item 4,
// docs/decisions/0035): the public entry point, the only file app.ts, the demo and tests import.
export { documentSharesRoutes } from './document-shares.routes.ts';
/** The kind its tokens are signed for (platform/share-tokens.ts): the authorization matrix signs its own. */
export { SHARE_TOKEN_KIND } from './document-shares.service.ts';
