import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogIdParamsSchema,
  createDocumentTypeBodySchema,
  createServiceBodySchema,
  createServiceTypeBodySchema,
  createTaxTemplateBodySchema,
  createTaxYearBodySchema,
  documentTypeListSchema,
  documentTypeSchema,
  serviceListSchema,
  serviceSchema,
  servicesQuerySchema,
  serviceTypeListSchema,
  serviceTypeSchema,
  taxTemplateListSchema,
  taxTemplateSchema,
  taxYearListSchema,
  taxYearParamsSchema,
  taxYearSchema,
  updateDocumentTypeBodySchema,
  updateServiceBodySchema,
  updateServiceTypeBodySchema,
  updateTaxTemplateBodySchema,
  updateTaxYearBodySchema,
} from '@taxportal/contract';
import { authOf, requireRole, requireStaff } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import * as service from './catalog.service.ts';

const tags = ['Catalogue admin'];
const base = '/api/v1/admin/catalog';
const actorOf = (req: FastifyRequest): service.Actor => ({ userId: authOf(req).user.id, ip: req.ip });
const noContent = { 204: z.null().describe('Deleted') };

/** Staff read the whole catalogue (hidden and inactive entries too); only Admins change it. */
export function catalogAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  const admin = requireRole('Admin');
  return async function routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // Service types
    r.get(`${base}/service-types`, {
      preValidation: requireStaff,
      schema: { tags, summary: 'Every service type', response: { 200: serviceTypeListSchema } },
      handler: async () => service.listServiceTypes(db, { websiteOnly: false }),
    });
    r.post(`${base}/service-types`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Create a service type',
        body: createServiceTypeBodySchema,
        response: { 201: serviceTypeSchema },
      },
      handler: async (req, reply) => reply.code(201).send(await service.createServiceType(db, actorOf(req), req.body)),
    });
    r.patch(`${base}/service-types/:id`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Change a service type',
        params: catalogIdParamsSchema,
        body: updateServiceTypeBodySchema,
        response: { 200: serviceTypeSchema },
      },
      handler: async (req) => service.updateServiceType(db, actorOf(req), req.params.id, req.body),
    });
    r.delete(`${base}/service-types/:id`, {
      preValidation: admin,
      schema: { tags, summary: 'Delete an unused service type', params: catalogIdParamsSchema, response: noContent },
      handler: async (req, reply) => {
        await service.deleteServiceType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Services
    r.get(`${base}/services`, {
      preValidation: requireStaff,
      schema: {
        tags,
        summary: 'Every service, active or not',
        querystring: servicesQuerySchema,
        response: { 200: serviceListSchema },
      },
      handler: async (req) => service.listServices(db, { serviceTypeId: req.query.service_type, activeOnly: false }),
    });
    r.post(`${base}/services`, {
      preValidation: admin,
      schema: { tags, summary: 'Create a service', body: createServiceBodySchema, response: { 201: serviceSchema } },
      handler: async (req, reply) => reply.code(201).send(await service.createService(db, actorOf(req), req.body)),
    });
    r.patch(`${base}/services/:id`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Change a service (price, activity...)',
        params: catalogIdParamsSchema,
        body: updateServiceBodySchema,
        response: { 200: serviceSchema },
      },
      handler: async (req) => service.updateService(db, actorOf(req), req.params.id, req.body),
    });
    r.delete(`${base}/services/:id`, {
      preValidation: admin,
      schema: { tags, summary: 'Delete a service no ticket uses', params: catalogIdParamsSchema, response: noContent },
      handler: async (req, reply) => {
        await service.deleteService(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax years
    r.get(`${base}/years`, {
      preValidation: requireStaff,
      schema: { tags, summary: 'Every tax year', response: { 200: taxYearListSchema } },
      handler: async () => service.listYears(db, { activeOnly: false }),
    });
    r.post(`${base}/years`, {
      preValidation: admin,
      schema: { tags, summary: 'Offer a tax year', body: createTaxYearBodySchema, response: { 201: taxYearSchema } },
      handler: async (req, reply) => reply.code(201).send(await service.createYear(db, actorOf(req), req.body)),
    });
    r.patch(`${base}/years/:year`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Offer or withdraw a tax year',
        params: taxYearParamsSchema,
        body: updateTaxYearBodySchema,
        response: { 200: taxYearSchema },
      },
      handler: async (req) => service.updateYear(db, actorOf(req), req.params.year, req.body.active),
    });
    r.delete(`${base}/years/:year`, {
      preValidation: admin,
      schema: { tags, summary: 'Delete a tax year no ticket uses', params: taxYearParamsSchema, response: noContent },
      handler: async (req, reply) => {
        await service.deleteYear(db, actorOf(req), req.params.year);
        return reply.code(204).send(null);
      },
    });

    // Document types
    r.get(`${base}/document-types`, {
      preValidation: requireStaff,
      schema: { tags, summary: 'Every document type', response: { 200: documentTypeListSchema } },
      handler: async () => service.listDocumentTypes(db),
    });
    r.post(`${base}/document-types`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Create a document type',
        body: createDocumentTypeBodySchema,
        response: { 201: documentTypeSchema },
      },
      handler: async (req, reply) => reply.code(201).send(await service.createDocumentType(db, actorOf(req), req.body)),
    });
    r.patch(`${base}/document-types/:id`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Change a document type',
        params: catalogIdParamsSchema,
        body: updateDocumentTypeBodySchema,
        response: { 200: documentTypeSchema },
      },
      handler: async (req) => service.updateDocumentType(db, actorOf(req), req.params.id, req.body),
    });
    r.delete(`${base}/document-types/:id`, {
      preValidation: admin,
      schema: { tags, summary: 'Delete an unused document type', params: catalogIdParamsSchema, response: noContent },
      handler: async (req, reply) => {
        await service.deleteDocumentType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax templates (Item Tax Template), for billing
    r.get(`${base}/tax-templates`, {
      preValidation: requireStaff,
      schema: { tags, summary: 'Tax templates (rates in basis points)', response: { 200: taxTemplateListSchema } },
      handler: async () => service.listTaxTemplates(db),
    });
    r.post(`${base}/tax-templates`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Create a tax template',
        body: createTaxTemplateBodySchema,
        response: { 201: taxTemplateSchema },
      },
      handler: async (req, reply) => reply.code(201).send(await service.createTaxTemplate(db, actorOf(req), req.body)),
    });
    r.patch(`${base}/tax-templates/:id`, {
      preValidation: admin,
      schema: {
        tags,
        summary: 'Change a tax template',
        params: catalogIdParamsSchema,
        body: updateTaxTemplateBodySchema,
        response: { 200: taxTemplateSchema },
      },
      handler: async (req) => service.updateTaxTemplate(db, actorOf(req), req.params.id, req.body),
    });
    r.delete(`${base}/tax-templates/:id`, {
      preValidation: admin,
      schema: { tags, summary: 'Delete an unused tax template', params: catalogIdParamsSchema, response: noContent },
      handler: async (req, reply) => {
        await service.deleteTaxTemplate(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
