import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';
import * as service from './catalog.service.ts';

/** What anyone may read to open a ticket: visible service types, active services and years, document types. */
export function catalogRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    route(app, api.listPublicServiceTypes, {
      handler: async () => service.listServiceTypes(db, { websiteOnly: true }),
    });
    route(app, api.listPublicServices, {
      handler: async (req) => service.listServices(db, { serviceTypeId: req.query.service_type, activeOnly: true }),
    });
    route(app, api.listPublicYears, { handler: async () => service.listYears(db, { activeOnly: true }) });
    route(app, api.listPublicDocumentTypes, { handler: async () => service.listDocumentTypes(db) });
  };
}
