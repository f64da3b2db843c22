import { endpoint } from '../common/endpoint.ts';
import { outboxListSchema, outboxQuerySchema } from './outbox.ts';

/** Admins read what the default mail transport "sent" (development and demos). */
export const listOutbox = endpoint({
  method: 'GET',
  path: '/api/v1/admin/outbox',
  tags: ['Admin'],
  summary: 'Recent outgoing mail',
  query: outboxQuerySchema,
  response: { 200: outboxListSchema },
});
