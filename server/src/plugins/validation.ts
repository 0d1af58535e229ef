import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RequestValidationError } from './errors';

type JsonSchema = Record<string, unknown>;
type StringifySchema = Parameters<typeof fastJson>[0];

/**
 * A zod output schema as the JSON Schema fast-json-stringify compiles:
 * inlined (no $refs), and `X | null` as `X` with `nullable: true`, which it
 * writes with a null check instead of validating each branch with ajv.
 */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-07',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
    // An empty registry: schemas with an id are inlined, not moved to $defs.
    metadata: z.registry<z.core.JSONSchemaMeta>(),
  }) as JsonSchema;
  return collapseNullable(json) as JsonSchema;
}

function collapseNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(collapseNullable);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) out[key] = collapseNullable(child);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const isNull = (s: JsonSchema) => s.type === 'null' && Object.keys(s).length === 1;
    const other = (anyOf as JsonSchema[]).find((s) => !isNull(s));
    if (other && anyOf.some((s) => isNull(s as JsonSchema)) && typeof other.type === 'string') {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** Writes a value as the API answers it under a contract: only the contract's fields (the serializer every route uses). */
export function jsonWriter(contract: z.ZodType): (data: unknown) => string {
  return fastJson(serializationSchema(contract) as unknown as StringifySchema);
}

/**
 * Requests are validated by the zod contracts of packages/contracts. The
 * input is kept on each issue so that a missing value reads "Required" and a
 * wrong one "Invalid" (spec §5), in the error handler's one mapping.
 *
 * Responses are written by fast-json-stringify from the contract's JSON
 * Schema, as Fastify does by default: only the contract's fields go out (a
 * stray column never leaks), at a fraction of the cost of parsing every
 * reply with zod (issue 3 "Measured"). With `checkResponses` (the tests)
 * each reply is first checked against the contract too, so a handler that
 * drifts from it fails its tests.
 */
export default fp<{ checkResponses: boolean }>(
  async (app: FastifyInstance, { checkResponses }) => {
    app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
      const result = (schema as z.ZodType).safeParse(data, { reportInput: true });
      if (result.success) return { value: result.data };
      return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
    });
    app.setSerializerCompiler(({ schema, method, url }) => {
      // A plugin's own route may carry a plain JSON Schema.
      if (!(schema instanceof z.ZodType)) return fastJson(schema as StringifySchema);
      const contract = schema;
      const stringify = jsonWriter(contract);
      if (!checkResponses) return stringify;
      return (data) => {
        const result = contract.safeEncode(data);
        if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
        return stringify(result.data);
      };
    });
  },
  { name: 'validation' },
);
