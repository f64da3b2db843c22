/** Refusals of tickets, questionnaires, documents, document requests and drafts. */
export const TICKET_TEXTS = {} as const;
