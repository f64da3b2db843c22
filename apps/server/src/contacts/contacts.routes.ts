import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactDetailSchema,
  contactListSchema,
  contactParamsSchema,
  listContactsQuerySchema,
  phoneLookupQuerySchema,
  phoneLookupResponseSchema,
} from '@taxportal/contract';
import { requireStaff } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import * as service from './contacts.service.ts';

const tags = ['Contacts'];

/** Staff only: customers, their details and tickets, and whose a phone number is. */
export function contactsRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/v1/contacts', {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Customers by name; q searches name, e-mail or phone',
        querystring: listContactsQuerySchema,
        response: { 200: contactListSchema },
      },
      handler: async (req) => service.listContacts(db, req.query),
    });
    r.get('/api/v1/contacts/phone-lookup', {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Whether a phone number belongs to a customer',
        querystring: phoneLookupQuerySchema,
        response: { 200: phoneLookupResponseSchema },
      },
      handler: async (req) => service.lookupPhone(db, req.query.phone),
    });
    r.get('/api/v1/contacts/:id', {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'A customer with their tickets',
        params: contactParamsSchema,
        response: { 200: contactDetailSchema },
      },
      handler: async (req) => service.getContact(db, req.params.id),
    });
  };
}
