import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';

// Scaffold: the drafts routes of the documents feature.
export function draftsRoutes(_deps: DocumentsDeps) {
  return async function routes(_app: FastifyInstance) {};
}
