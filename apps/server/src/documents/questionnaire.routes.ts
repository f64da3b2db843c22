import type { FastifyInstance } from 'fastify';
import type { DocumentsDeps } from './documents.deps.ts';

// Scaffold: the questionnaire routes of the documents feature.
export function questionnaireRoutes(_deps: DocumentsDeps) {
  return async function routes(_app: FastifyInstance) {};
}
