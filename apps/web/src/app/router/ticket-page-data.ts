import type { QueryClient } from '@tanstack/react-query';
import { ticketInvoicePart } from '../../features/billing/index.ts';
import { ticketRequestsPart } from '../../features/document-requests/index.ts';
import { documentTypesQuery, ticketDocumentsPart } from '../../features/documents/index.ts';
import { draftsPart } from '../../features/drafts/index.ts';
import { signingPart } from '../../features/signing/index.ts';
import { historyPart, messagesPart, ticketQuery } from '../../features/tickets/index.ts';
import { startTicketParts } from '../../lib/ticket-data.ts';

/** Everything the ticket page and its panels (composed-pages.tsx) draw, beside the ticket itself. */
const parts = [
  messagesPart,
  ticketRequestsPart,
  draftsPart,
  signingPart,
  ticketInvoicePart,
  ticketDocumentsPart,
  historyPart,
];

/**
 * The ticket page's data, asked for at once when the page is navigated to (route-data.ts): the ticket by the
 * address's id or name and, in the same moment, each panel's data by that same reference. Nothing waits for the
 * ticket's answer to be asked for; the answers are filed under the ticket's id once it is known. One stage of
 * requests, beside the page's code rather than after it.
 */
export function startTicketPage(client: QueryClient, ref: string): void {
  if (!ref) return;
  const ticket = client.ensureQueryData(ticketQuery(ref));
  ticket.catch(() => undefined); // the page's own query shows a missing ticket
  const known = client.getQueryData<{ id: string }>(ticketQuery(ref).queryKey)?.id;
  startTicketParts(client, ref, known, ticket, parts);
  if (client.getQueryState(documentTypesQuery.queryKey)?.data === undefined)
    void client.prefetchQuery(documentTypesQuery);
}
