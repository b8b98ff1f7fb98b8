/**
 * The OpenAPI document, built from the routes' zod schemas, at `/api/docs/json`, and its UI at
 * `/api/docs`. Register before the routes (swagger collects them as they are added).
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** Registers swagger (session cookie and bearer security schemes) and swagger UI. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tend API', version: '0.1.0', description: 'Care-management platform API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tend.session_token' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
