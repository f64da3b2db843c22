// The tickets feature's public entry point: the only module other features and the shell may import.
// Pages and panels load through these functions so that each stays its own chunk.
export const loadCreateTicketPage = () => import('./create-ticket-page.tsx');
export const loadMyTicketsPage = () => import('./my-tickets-page.tsx');
export const loadAllTicketsPage = () => import('./all-tickets-page.tsx');
export const loadOpenTicketsPage = () => import('./open-tickets-page.tsx');
// With the page's code, the header's joint switch (a chunk of its own, drawn at once for the ticket's customer): not
// awaited, so the page never waits for it, but asked for before anyone taps a ticket.
export const loadTicketPage = () =>
  import('./ticket-page.tsx').then((m) => {
    m.preloadTicketParts();
    return m;
  });
/** The catalogue a ticket is opened from (service types, services, tax years): other features' ticket dialogs. */
export { useServices, useServiceTypes, useYears } from './create-ticket-api.ts';
/** What the ticket page draws from, started at navigation by the app (app/router/ticket-page-data.ts). */
export { historyPart, messagesPart, ticketQuery } from './ticket-data.ts';
