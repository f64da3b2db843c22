import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';

// Scaffold: the documents routes of the documents feature.
export function documentsRoutes(_deps: DocumentsDeps) {
  return async function routes(_app: FastifyInstance) {};
}
