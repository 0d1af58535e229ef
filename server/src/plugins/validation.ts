import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RequestValidationError } from './errors';

/**
 * Requests are validated by the zod contracts of packages/contracts. The
 * input is kept on each issue so that a missing value reads "Required" and a
 * wrong one "Invalid" (spec §5), in the error handler's one mapping.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
      const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
      if (result.success) return { value: result.data };
      return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
    });
    app.setSerializerCompiler(serializerCompiler);
  },
  { name: 'validation' },
);
