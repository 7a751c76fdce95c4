import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationIdOf } from './operation-id.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart upload: the form field that carries the one file (documented as a binary part). */
    uploadField?: string;
    /**
     * Query parameters that the validation lets through absent but the handler itself refuses
     * without (with its own 400, e.g. `invalid_authorization_code`): documented as required.
     */
    requiredQuery?: string[];
  }
}

/** `Authorization: Token <login token or API key>` (see docs/api.md). */
export const TOKEN_SECURITY = [{ token: [] }] as const;

const BINARY = { type: 'string', format: 'binary' } as const;
const MEDIA_TYPES_IN_TEXT = /\b(?:application|image|text)\/[A-Za-z0-9.+-]*[A-Za-z0-9+]/g;

/**
 * The media types of a file answer (a `z.instanceof(Buffer)` response): its `contentMediaType`
 * metadata, else those its description names ("An .xlsx workbook (application/vnd…)"), else
 * `application/octet-stream`. Null for anything that is not a file.
 */
export function fileMediaTypes(schema: unknown): string[] | null {
  if (!(schema instanceof z.ZodType) || schema.def.type !== 'custom') return null;
  const meta = z.globalRegistry.get(schema);
  const declared = meta?.['contentMediaType'];
  if (typeof declared === 'string') return [declared];
  const named = (meta?.description ?? '').match(MEDIA_TYPES_IN_TEXT) ?? [];
  return named.length > 0 ? [...new Set(named)] : ['application/octet-stream'];
}

/**
 * Whether the server takes a request without this parameter: zod's JSON Schema calls a property
 * optional only when it is `.optional()` (or has a default), so a `z.preprocess` that reads an
 * absent filter as "all" (`[]`) would be listed as required. The validation itself decides here:
 * a property is optional when it accepts `undefined`.
 */
function acceptsAbsence(schema: z.ZodType): boolean {
  if (schema._zod.optin === 'optional') return true;
  try {
    return schema.safeParse(undefined).success;
  } catch {
    // An asynchronous refinement cannot be run here; such a parameter keeps what zod says.
    return false;
  }
}

/**
 * The `required` list of a path, query or header object, as the validation has it: the properties
 * that answer 400 when left out (path parameters are always required in OpenAPI).
 */
function withRequiredAsValidated(jsonSchema: unknown, zodSchema: unknown, part: 'params' | 'querystring' | 'headers', requiredByHandler: readonly string[]): unknown {
  if (!(zodSchema instanceof z.ZodObject) || typeof jsonSchema !== 'object' || jsonSchema === null) return jsonSchema;
  const shape: Record<string, z.ZodType> = zodSchema.shape;
  const required = Object.entries(shape)
    .filter(([key, property]) => part === 'params' || requiredByHandler.includes(key) || !acceptsAbsence(property))
    .map(([key]) => key);
  const result: Record<string, unknown> = { ...(jsonSchema as Record<string, unknown>) };
  delete result['required'];
  return required.length > 0 ? { ...result, required } : result;
}

function hooksOf(route: RouteOptions): onRequestHookHandler[] {
  const hooks = route.onRequest;
  if (!hooks) return [];
  return (Array.isArray(hooks) ? hooks : [hooks]) as onRequestHookHandler[];
}

/**
 * Adds to what fastify-type-provider-zod derives from the zod schemas what it cannot know: the
 * operation id (from method and path), which parameters are required (what the validation refuses
 * to go without, see withRequiredAsValidated), the security requirement of routes guarded by
 * `app.authenticate` (a route with another scheme declares `schema.security` itself), binary media
 * types on file answers and the multipart body of uploads.
 */
export function createRouteTransform(authenticate: onRequestHookHandler): SwaggerTransform {
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    const { route } = input;
    const original: FastifySchema = input.schema ?? {};
    const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
    const result: FastifySchema & Record<string, unknown> = { ...schema, operationId: original.operationId ?? operationIdOf(method, url) };

    for (const part of ['params', 'querystring', 'headers'] as const) {
      if (result[part]) result[part] = withRequiredAsValidated(result[part], original[part], part, part === 'querystring' ? (original.requiredQuery ?? []) : []);
    }
    delete result.requiredQuery;

    if (!original.security && hooksOf(route).includes(authenticate)) result.security = TOKEN_SECURITY;
    // What a successful call writes to the audit log (modules/audit/audited-routes.ts).
    const audit = route.config?.audit;
    if (audit) result['x-audit-action'] = audit.action;

    const responses = original.response as Record<string, unknown> | undefined;
    if (responses && result.response) {
      const documented = { ...(result.response as Record<string, unknown>) };
      for (const [status, zodSchema] of Object.entries(responses)) {
        const mediaTypes = fileMediaTypes(zodSchema);
        if (!mediaTypes) continue;
        const description = zodSchema instanceof z.ZodType ? (z.globalRegistry.get(zodSchema)?.description ?? 'A file') : 'A file';
        documented[status] = { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: BINARY }])) };
      }
      result.response = documented;
    }

    if (original.consumes?.includes('multipart/form-data') && !original.body) {
      const field = original.uploadField;
      const formSchema = field
        ? { type: 'object', properties: { [field]: BINARY }, required: [field] }
        : { type: 'object', additionalProperties: BINARY };
      result.body = { content: { 'multipart/form-data': { schema: formSchema } } };
      delete result.uploadField;
    }
    return { schema: result, url };
  };
}
