import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ErrorCode } from '@storyhouse/contracts';
import en from '@storyhouse/i18n/catalogs/en.json' with { type: 'json' };
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type DescribedRoute, describedErrors } from './route-errors';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  402: 'Payment declined',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
  416: 'Range not satisfiable',
  429: 'Too many requests',
};

/**
 * A route's 4xx answers as OpenAPI responses (issue 40 item 13): per status, the Error body with its `code` one of
 * the route's codes, each with its English message from the catalog as written, placeholders and all (the server
 * sends it filled in, in the site language).
 */
function errorResponses(errors: Map<number, Set<ErrorCode>>) {
  const responses: Record<string, unknown> = {};
  for (const [status, set] of [...errors].sort(([a], [b]) => a - b)) {
    const codes = [...set].sort();
    responses[status] = {
      description: [
        `${STATUS_NAMES[status] ?? 'Refused'}: \`code\` is one of`,
        ...codes.map((code) => `- \`${code}\`: ${en.errors[code]}`),
      ].join('\n'),
      allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'string', enum: codes } } }],
    };
  }
  return responses;
}

/**
 * The OpenAPI document is generated from the same zod contracts that validate
 * requests: /crud/openapi.json, with a readable page at /crud/docs. Each
 * operation lists its 4xx answers with their codes (route-errors.ts).
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
      transform: (document) => {
        const transformed = jsonSchemaTransform(document);
        if (transformed.schema?.hide) return transformed;
        const { method, url, config } = document.route;
        const errors = describedErrors({ method, url, config, schema: document.schema as DescribedRoute['schema'] });
        return {
          ...transformed,
          schema: {
            ...transformed.schema,
            response: { ...errorResponses(errors), ...(transformed.schema?.response as Record<string, unknown> | undefined) },
          },
        };
      },
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
