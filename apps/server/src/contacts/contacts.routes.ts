import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { languageOfRequest } from '../platform/i18n.ts';
import { route } from '../platform/route.ts';
import * as service from './contacts.service.ts';

/** Staff only: customers, their details and tickets, and whose a phone number is. */
export function contactsRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    route(app, api.listContacts, {
      handler: async (req) => service.listContacts(db, req.query),
    });
    route(app, api.lookupPhone, {
      handler: async (req) => service.lookupPhone(db, req.query.phone),
    });
    route(app, api.getContact, {
      handler: async (req) => service.getContact(db, req.params.id, languageOfRequest(req)),
    });
  };
}
