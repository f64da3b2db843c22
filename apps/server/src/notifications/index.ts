// The notifications feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010).
export { notificationsRoutes } from './notifications.routes.ts';
/** Reacts to ticket activity (notifications, mail); app.ts hands it to tickets, so tickets never imports it. */
export { createTicketNotifier } from './ticket-notifier.ts';
export { markAllRead, notifyUsers } from './notifications.service.ts';
