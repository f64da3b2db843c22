// Offers beyond tax preparation, only to clients with a §7216 consent to use (issue 33 item 4,
// docs/decisions/0035): the public entry point, the only file app.ts, the demo and tests import.
export { offersRoutes } from './offers.routes.ts';
export { createOffersJobRunner } from './offers.send.ts';
/** The gate an offer by any channel asks before each send (push, once it exists, included). */
export { mayReceiveOffers } from './offers.service.ts';
