import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import type { Db } from '../platform/db/client.ts';
import { route } from '../platform/route.ts';
import * as service from './catalog.service.ts';

const actorOf = (req: FastifyRequest): service.Actor => ({ userId: authOf(req).user.id, ip: req.ip });

/** Staff read the whole catalogue (hidden and inactive entries too); only Admins change it. */
export function catalogAdminRoutes(deps: { db: Db }) {
  const { db } = deps;
  return async function routes(app: FastifyInstance) {
    // Service types
    route(app, api.listServiceTypes, {
      handler: async () => service.listServiceTypes(db, { websiteOnly: false }),
    });
    route(app, api.createServiceType, {
      handler: async (req, reply) => reply.code(201).send(await service.createServiceType(db, actorOf(req), req.body)),
    });
    route(app, api.updateServiceType, {
      handler: async (req) => service.updateServiceType(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteServiceType, {
      handler: async (req, reply) => {
        await service.deleteServiceType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Services
    route(app, api.listServices, {
      handler: async (req) => service.listServices(db, { serviceTypeId: req.query.service_type, activeOnly: false }),
    });
    route(app, api.createService, {
      handler: async (req, reply) => reply.code(201).send(await service.createService(db, actorOf(req), req.body)),
    });
    route(app, api.updateService, {
      handler: async (req) => service.updateService(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteService, {
      handler: async (req, reply) => {
        await service.deleteService(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax years
    route(app, api.listYears, {
      handler: async () => service.listYears(db, { activeOnly: false }),
    });
    route(app, api.createYear, {
      handler: async (req, reply) => reply.code(201).send(await service.createYear(db, actorOf(req), req.body)),
    });
    route(app, api.updateYear, {
      handler: async (req) => service.updateYear(db, actorOf(req), req.params.year, req.body.active),
    });
    route(app, api.deleteYear, {
      handler: async (req, reply) => {
        await service.deleteYear(db, actorOf(req), req.params.year);
        return reply.code(204).send(null);
      },
    });

    // Document types
    route(app, api.listDocumentTypes, {
      handler: async () => service.listDocumentTypes(db),
    });
    route(app, api.createDocumentType, {
      handler: async (req, reply) => reply.code(201).send(await service.createDocumentType(db, actorOf(req), req.body)),
    });
    route(app, api.updateDocumentType, {
      handler: async (req) => service.updateDocumentType(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteDocumentType, {
      handler: async (req, reply) => {
        await service.deleteDocumentType(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });

    // Tax templates (Item Tax Template), for billing
    route(app, api.listTaxTemplates, {
      handler: async () => service.listTaxTemplates(db),
    });
    route(app, api.createTaxTemplate, {
      handler: async (req, reply) => reply.code(201).send(await service.createTaxTemplate(db, actorOf(req), req.body)),
    });
    route(app, api.updateTaxTemplate, {
      handler: async (req) => service.updateTaxTemplate(db, actorOf(req), req.params.id, req.body),
    });
    route(app, api.deleteTaxTemplate, {
      handler: async (req, reply) => {
        await service.deleteTaxTemplate(db, actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
  };
}
