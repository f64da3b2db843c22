import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';

// Scaffold: the requests routes of the documents feature.
export function requestsRoutes(_deps: DocumentsDeps) {
  return async function routes(_app: FastifyInstance) {};
}
