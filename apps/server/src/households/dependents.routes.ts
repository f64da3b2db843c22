import type { FastifyInstance } from 'fastify';
import { endpoints as api } from '@taxportal/contract';
import { authOf } from '../platform/auth/guard.ts';
import { route } from '../platform/route.ts';
import type { DependentsDeps } from './dependent-values.ts';
import * as service from './dependents.service.ts';

/** Household → Dependents (the contract's roles: customers; another household's dependent is 404). */
export function householdDependentsRoutes(deps: DependentsDeps) {
  return async function routes(app: FastifyInstance) {
    route(app, api.listHouseholdDependents, {
      handler: async (req) => service.listHouseholdDependents(deps, authOf(req)),
    });
    route(app, api.createHouseholdDependent, {
      handler: async (req, reply) =>
        reply.code(201).send(await service.createHouseholdDependent(deps, authOf(req), req.body)),
    });
    route(app, api.updateHouseholdDependent, {
      handler: async (req) => service.updateHouseholdDependent(deps, authOf(req), req.params.id, req.body),
    });
    route(app, api.deleteHouseholdDependent, {
      handler: async (req, reply) => {
        await service.deleteHouseholdDependent(deps, authOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    });
    route(app, api.revealHouseholdDependent, {
      handler: async (req) => service.revealHouseholdDependent(deps, authOf(req), req.params.id),
    });
  };
}
