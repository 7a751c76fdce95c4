import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify, { type Schema as JsonSchema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [X, {type: 'null'}]` (how zod writes `.nullable()`) as `type: [X.type, 'null']` when X
 * is a plain typed schema: fast-json-stringify writes a multi-type directly, while an `anyOf`
 * makes it validate the value against each branch (ajv) to choose one, on every value.
 */
function simplifyNullable(schema: JsonObject): JsonObject {
  const branches = schema['anyOf'];
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullIndex = branches.findIndex((b) => isObject(b) && b['type'] === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullIndex];
  if (nullIndex === -1 || !isObject(other) || typeof other['type'] !== 'string' || 'anyOf' in other || 'oneOf' in other || 'allOf' in other) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  // Still a true statement of the values (fast-json-stringify validates union branches with it).
  const { const: constant, ...plain } = other;
  const values = Array.isArray(plain['enum']) ? plain['enum'] : constant !== undefined ? [constant] : undefined;
  return { ...rest, ...plain, type: [other['type'], 'null'], ...(values ? { enum: [...values, null] } : {}) };
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isObject(node)) return node;
  const walked = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplify(value)]));
  return simplifyNullable(walked);
}

/**
 * The JSON Schema of what a response schema sends: its output side, with shared and recursive
 * parts as local definitions. Dates go out as ISO strings (what JSON.stringify makes of them);
 * anything JSON Schema cannot state (a custom check, a file) is left to JSON.stringify.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  });
  const { $schema: _dialect, ...rest } = json as JsonObject;
  return simplify(rest) as JsonSchema;
}

export interface SerializerOptions {
  /**
   * Also parse every answer with its zod schema and check that the compiled serializer wrote the
   * same JSON as the schema's parse would have: on in tests, so that the API tests hold every
   * answer to its contract, off in production, where the check cost a quarter of a large answer's
   * time (issue 20).
   */
  checkAgainstContract: boolean;
}

const toZod = (schema: unknown): z.ZodType => {
  if (schema instanceof z.ZodType) return schema;
  throw new Error('A response schema must be a zod schema (one per API shape in @ona/contracts).');
};

/**
 * Fastify's serializer compiler for zod response schemas: fast-json-stringify compiled once per
 * route and status from the schema's JSON Schema, instead of a zod parse of every answer.
 */
export function compiledSerializerCompiler(options: SerializerOptions): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = toZod(schema);
    const stringify = fastJsonStringify(responseJsonSchema(zodSchema));
    if (!options.checkAgainstContract) return (data) => stringify(data);
    return (data) => {
      const parsed = zodSchema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const written = stringify(data);
      const expected = JSON.stringify(parsed.data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written.slice(0, 300)} where the contract gives ${expected.slice(0, 300)}`);
      }
      return written;
    };
  };
}
