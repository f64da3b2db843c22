import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  documentTypeListSchema,
  serviceListSchema,
  servicesQuerySchema,
  serviceTypeListSchema,
  taxYearListSchema,
} from '@taxportal/contract';
import type { Db } from '../platform/db/client.ts';
import * as service from './catalog.service.ts';

const tags = ['Catalogue'];

/** What anyone may read to open a ticket: visible service types, active services and years, document types. */
export function catalogRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/v1/catalog/service-types', {
      config: { public: true },
      schema: {
        tags,
        summary: 'Service types shown on the website (Item Group)',
        response: { 200: serviceTypeListSchema },
      },
      handler: async () => service.listServiceTypes(db, { websiteOnly: true }),
    });
    r.get('/api/v1/catalog/services', {
      config: { public: true },
      schema: {
        tags,
        summary: 'Active services, optionally of one type, with price (Item)',
        querystring: servicesQuerySchema,
        response: { 200: serviceListSchema },
      },
      handler: async (req) => service.listServices(db, { serviceTypeId: req.query.service_type, activeOnly: true }),
    });
    r.get('/api/v1/catalog/years', {
      config: { public: true },
      schema: { tags, summary: 'Tax years offered, newest first (Tax99 Year)', response: { 200: taxYearListSchema } },
      handler: async () => service.listYears(db, { activeOnly: true }),
    });
    r.get('/api/v1/catalog/document-types', {
      config: { public: true },
      schema: { tags, summary: 'Tax document types', response: { 200: documentTypeListSchema } },
      handler: async () => service.listDocumentTypes(db),
    });
  };
}
