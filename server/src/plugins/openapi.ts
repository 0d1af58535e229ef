import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the same zod contracts that validate
 * requests: /crud/openapi.json, with a readable page at /crud/docs.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Storyhouse API',
          version: '1.0.0',
          description:
            'Storefront and listening library API. Errors are `{ code, message, fields? }` with the message in the site language.',
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    app.get('/crud/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/crud/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      staticCSP: true,
      transformSpecification: (spec) => spec,
    });
  },
  { name: 'openapi' },
);
