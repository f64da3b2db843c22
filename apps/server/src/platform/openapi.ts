import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { withErrorAnswers } from './route.ts';

/**
 * The API's OpenAPI document (/api/openapi.json, public) and its browsable page (/api/docs), made from the routes
 * registered after it: each operation with the error answers its route can give (route.ts withErrorAnswers).
 */
export async function registerOpenApi(app: FastifyInstance, sessionCookie: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tax Portal API',
        version: '1.0.0',
        description: 'The HTTP contract of the tax-preparation portal.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookie },
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'token KEY:SECRET' },
        },
      },
      security: [{ session: [] }, { token: [] }],
    },
    // Each operation with the error answers its route can give (route.ts withErrorAnswers).
    transform: (args) => withErrorAnswers(jsonSchemaTransform(args), args.route),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    staticCSP: true,
    uiHooks: {},
  });
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
