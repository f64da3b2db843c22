import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';

// Scaffold: the signing routes of the documents feature.
export function signingRoutes(_deps: DocumentsDeps) {
  return async function routes(_app: FastifyInstance) {};
}
