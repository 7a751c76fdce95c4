import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerContractComponents } from './openapi/component-schemas.ts';
import { createRouteTransform } from './openapi/route-transform.ts';

const DESCRIPTION = [
  'Organisational network analysis and employee engagement analytics.',
  '',
  'Authenticate with `Authorization: Token <token>`: either a login token from `POST /api/auth/login/` or a personal API key (`ona_…`) that an organisation administrator creates under `/api/organization/api-keys/`.',
  'In Swagger UI, press Authorize and enter the whole header value, `Token <token>`.',
  'Operation ids are the method and the path: `GET /api/engagements/{id}/` is `getEngagementsById`. See docs/api.md.',
].join('\n');

/**
 * The OpenAPI 3.1 document at /api/docs/json, generated from the same zod schemas that validate
 * the requests (see docs/api.md for what is derived how).
 */
export const apiDocsPlugin = fp(async (app) => {
  // Schemas used as path, query or header parameters must stay inline (see registerContractComponents).
  const parameterSchemas = new Set<unknown>();
  app.addHook('onRoute', (route) => {
    const schema: FastifySchema | undefined = route.schema;
    for (const part of [schema?.params, schema?.querystring, schema?.headers]) if (part) parameterSchemas.add(part);
  });
  let registered = false;
  const routeTransform = createRouteTransform(app.authenticate);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'ONA platform API', description: DESCRIPTION, version: '0.1.0' },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <login token>` or `Token <API key>` (the key starts with `ona_`)' },
          instantToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`InstantToken <token>` of an instant-survey participant (from create-user)' },
        },
      },
    },
    transform: (input) => {
      // First call: every route is known, so the parameter schemas are too.
      if (!registered) {
        registerContractComponents(parameterSchemas);
        registered = true;
      }
      return routeTransform(input);
    },
    transformObject: (input) => withoutSchemaIdentifiers(jsonSchemaTransformObject(input)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
});

/**
 * zod writes `$schema` and `$id: "#/components/schemas/X"` into each component; an `$id` with a
 * fragment is not a valid 2020-12 identifier and would move the base of every `$ref` inside it.
 * The document's own dialect (3.1: JSON Schema 2020-12) already says what `$schema` says.
 */
function withoutSchemaIdentifiers(document: ReturnType<SwaggerTransformObject>): ReturnType<SwaggerTransformObject> {
  const schemas: Record<string, unknown> = ('components' in document && document.components?.schemas) || {};
  for (const schema of Object.values(schemas)) {
    if (typeof schema !== 'object' || schema === null) continue;
    delete (schema as { $schema?: unknown }).$schema;
    delete (schema as { $id?: unknown }).$id;
  }
  return document;
}
