import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, onRequestHookHandler, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationIdOf } from './operation-id.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart upload: the form field that carries the one file (documented as a binary part). */
    uploadField?: string;
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

function hooksOf(route: RouteOptions): onRequestHookHandler[] {
  const hooks = route.onRequest;
  if (!hooks) return [];
  return (Array.isArray(hooks) ? hooks : [hooks]) as onRequestHookHandler[];
}

/**
 * Adds to what fastify-type-provider-zod derives from the zod schemas what it cannot know: the
 * operation id (from method and path), the security requirement of routes guarded by
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

    if (!original.security && hooksOf(route).includes(authenticate)) result.security = TOKEN_SECURITY;

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
