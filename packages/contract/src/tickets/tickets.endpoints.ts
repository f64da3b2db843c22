import { STAFF_ROLES } from '../roles.ts';
import { endpoint } from '../common/endpoint.ts';
import {
  assignmentListSchema,
  assignTicketBodySchema,
  listUsersQuerySchema,
  staffUserListSchema,
} from './assign-ticket.ts';
import { changeStatusBodySchema, statusHistorySchema } from './change-status.ts';
import { createTicketBodySchema } from './create-ticket.ts';
import { listTicketsQuerySchema, ticketListSchema } from './list-tickets.ts';
import {
  listMessagesQuerySchema,
  markReadResponseSchema,
  postMessageBodySchema,
  ticketMessageListSchema,
  ticketMessageSchema,
} from './messages.ts';
import { ticketDetailSchema, ticketParamsSchema } from './ticket.ts';

const tags = ['Tickets'];

export const listTickets = endpoint({
  method: 'GET',
  path: '/api/v1/tickets',
  tags,
  summary: 'Tickets the caller may see: own (customer) or all (staff), filtered and searched, keyset-paginated',
  query: listTicketsQuerySchema,
  response: { 200: ticketListSchema },
});

export const createTicket = endpoint({
  method: 'POST',
  path: '/api/v1/tickets',
  tags,
  summary: 'Open a ticket (staff: for a customer)',
  description:
    'With an `Idempotency-Key` header (8 to 128 printable characters), the same key from the same person within a ' +
    'day answers the ticket its first request made, and makes no other: a retried or doubled request opens one ticket.',
  body: createTicketBodySchema,
  response: { 201: ticketDetailSchema },
});

export const getTicket = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id',
  tags,
  summary: 'A ticket in full, by id or name (TD.0001)',
  params: ticketParamsSchema,
  response: { 200: ticketDetailSchema },
});

export const changeTicketStatus = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/status',
  tags,
  summary:
    'Move a ticket to another status, as the transition table allows; 409 if it changed meanwhile or a firm setting holds it at Open until its engagement letter is signed',
  params: ticketParamsSchema,
  body: changeStatusBodySchema,
  response: { 200: ticketDetailSchema },
});

export const getStatusHistory = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/history',
  tags,
  summary: 'Status changes, oldest first',
  params: ticketParamsSchema,
  response: { 200: statusHistorySchema },
});

export const assignTicket = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/assign',
  roles: STAFF_ROLES,
  tags,
  summary: 'Assign a ticket to a staff member (staff); user_id null unassigns',
  params: ticketParamsSchema,
  body: assignTicketBodySchema,
  response: { 200: ticketDetailSchema },
});

export const getAssignmentHistory = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/assignments',
  roles: STAFF_ROLES,
  tags,
  summary: 'Assignment history (staff)',
  params: ticketParamsSchema,
  response: { 200: assignmentListSchema },
});

export const listStaffUsers = endpoint({
  method: 'GET',
  path: '/api/v1/users',
  roles: STAFF_ROLES,
  tags,
  summary: 'Staff users, optionally of one role (staff)',
  query: listUsersQuerySchema,
  response: { 200: staffUserListSchema },
});

const conversationTags = ['Conversation'];

export const listMessages = endpoint({
  method: 'GET',
  path: '/api/v1/tickets/:id/messages',
  tags: conversationTags,
  summary: 'A page of the conversation, oldest to newest; `before` loads older',
  params: ticketParamsSchema,
  query: listMessagesQuerySchema,
  response: { 200: ticketMessageListSchema },
});

export const postMessage = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/messages',
  tags: conversationTags,
  summary: 'Post a message (staff: or an internal note)',
  params: ticketParamsSchema,
  body: postMessageBodySchema,
  response: { 201: ticketMessageSchema },
});

export const markConversationRead = endpoint({
  method: 'POST',
  path: '/api/v1/tickets/:id/read',
  tags: conversationTags,
  summary: 'Mark the conversation read',
  params: ticketParamsSchema,
  response: { 200: markReadResponseSchema },
});
