import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf, requireRole, requireStaff } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';
import * as service from './catalog.service.ts';

const actorOf = (req: FastifyRequest): service.Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** Staff read the whole catalogue (hidden and inactive entries too); only Admins change it. */
export function catalogAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  const admin = requireRole('Admin');
  return async function routes(app: FastifyInstance) {
    // Service types
    route(app, api.listServiceTypes, {
      preValidation: requireStaff,
      handler: async () => service.listServiceTypes(db, { websiteOnly: false }),
    });
    route(app, api.createServiceType, {
      preValidation: admin,
      handler: async (req, reply) => reply.code(201).send(await service.createServiceType(db, actorOf(req), req.body)),
    });
    route(app, api.updateServiceType, {
      preValidation: admin,
      handler: async (req) => service.updateServiceType(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteServiceType, {
      preValidation: admin,
      handler: async (req, reply) => {
        await service.deleteServiceType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Services
    route(app, api.listServices, {
      preValidation: requireStaff,
      handler: async (req) => service.listServices(db, { serviceTypeId: req.query.service_type, activeOnly: false }),
    });
    route(app, api.createService, {
      preValidation: admin,
      handler: async (req, reply) => reply.code(201).send(await service.createService(db, actorOf(req), req.body)),
    });
    route(app, api.updateService, {
      preValidation: admin,
      handler: async (req) => service.updateService(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteService, {
      preValidation: admin,
      handler: async (req, reply) => {
        await service.deleteService(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax years
    route(app, api.listYears, {
      preValidation: requireStaff,
      handler: async () => service.listYears(db, { activeOnly: false }),
    });
    route(app, api.createYear, {
      preValidation: admin,
      handler: async (req, reply) => reply.code(201).send(await service.createYear(db, actorOf(req), req.body)),
    });
    route(app, api.updateYear, {
      preValidation: admin,
      handler: async (req) => service.updateYear(db, actorOf(req), req.params.year, req.body.active),
    });
    route(app, api.deleteYear, {
      preValidation: admin,
      handler: async (req, reply) => {
        await service.deleteYear(db, actorOf(req), req.params.year);
        return reply.code(204).send(null);
      },
    });

    // Document types
    route(app, api.listDocumentTypes, {
      preValidation: requireStaff,
      handler: async () => service.listDocumentTypes(db),
    });
    route(app, api.createDocumentType, {
      preValidation: admin,
      handler: async (req, reply) => reply.code(201).send(await service.createDocumentType(db, actorOf(req), req.body)),
    });
    route(app, api.updateDocumentType, {
      preValidation: admin,
      handler: async (req) => service.updateDocumentType(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteDocumentType, {
      preValidation: admin,
      handler: async (req, reply) => {
        await service.deleteDocumentType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax templates (Item Tax Template), for billing
    route(app, api.listTaxTemplates, {
      preValidation: requireStaff,
      handler: async () => service.listTaxTemplates(db),
    });
    route(app, api.createTaxTemplate, {
      preValidation: admin,
      handler: async (req, reply) => reply.code(201).send(await service.createTaxTemplate(db, actorOf(req), req.body)),
    });
    route(app, api.updateTaxTemplate, {
      preValidation: admin,
      handler: async (req) => service.updateTaxTemplate(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteTaxTemplate, {
      preValidation: admin,
      handler: async (req, reply) => {
        await service.deleteTaxTemplate(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
