import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { operationIdOf } from './operation-id.ts';

type TOperation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  consumes?: string[];
  requestBody?: { content: Record<string, { schema?: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
};
type TDocument = { openapi: string; paths: Record<string, Record<string, TOperation>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

let ctx: TestContext;
let document: TDocument;
const operations = () => Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method, path, operation })));
/** An operation that cannot be called without one of its schemes (an empty requirement makes it optional). */
const requiresAuth = (op: TOperation) => (op.security ?? []).length > 0 && !(op.security ?? []).some((requirement) => Object.keys(requirement).length === 0);

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => ctx.close());

describe('the OpenAPI document at /api/docs/json', () => {
  it('is a valid OpenAPI 3.1 document whose every $ref resolves (@seriousme/openapi-schema-validator)', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });

  it('names the contract schemas as components, the recursive unit tree referring to itself', () => {
    expect(document.components.schemas['UnitNode']).toMatchObject({ type: 'object', properties: { subunits: { type: 'array', items: { $ref: '#/components/schemas/UnitNode' } } } });
    expect(document.paths['/api/engagements/{id}/hierarchy/']?.['get']?.responses['200']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Hierarchy' });
    expect(document.paths['/api/auth/login/']?.['post']?.requestBody?.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/LoginRequestInput' });
    expect(JSON.stringify(document)).not.toMatch(/schema0|__SCHEMA__PLACEHOLDER__/);
  });

  it('gives every operation an operation id made of its method and path, unique over the document', () => {
    const ids = operations().map(({ method, path, operation }) => {
      expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, path));
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('get', '/api/engagements/{id}/hierarchy/')).toBe('getEngagementsByIdHierarchy');
    expect(operationIdOf('DELETE', '/api/organization/api-keys/:id/')).toBe('deleteOrganizationApiKeysById');
  });

  it('declares the token scheme on every operation that answers 401 without a token, and on no public one', async () => {
    expect(document.components.securitySchemes['token']).toEqual(expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Authorization' }));
    const secured = operations().filter(({ operation }) => requiresAuth(operation));
    const open = operations().filter(({ operation }) => !operation.security);
    expect(secured.length).toBeGreaterThan(80);
    expect(open.map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(['post /api/auth/login/', 'get /api/health/']));
    for (const { method, path, operation } of [...secured, ...open]) {
      // Any value fills a path parameter: the token is checked before the parameters are.
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await ctx.app.inject({ method: method.toUpperCase() as 'GET', url });
      // An instant participant's call checks its body and looks the survey up first (400, 404).
      if (requiresAuth(operation)) expect(res.statusCode, `${method} ${path}`).toEqual(JSON.stringify(operation.security) === '[{"token":[]}]' ? 401 : expect.toBeOneOf([400, 401, 404]));
      else expect(res.statusCode === 401 && res.json().code === 'not_authenticated', `${method} ${path} is public`).toBe(false);
    }
  });

  it('types file answers as binary under their media type and uploads as multipart', () => {
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const binary = { type: 'string', format: 'binary' };
    const answer = (path: string) => document.paths[path]?.['get']?.responses['200']?.content;
    expect(answer('/api/engagements/{id}/survey/export-nice-excel/')).toEqual({ [xlsx]: { schema: binary } });
    expect(answer('/api/engagements/{id}/executive-report/export/')).toEqual({ 'application/pdf': { schema: binary } });
    expect(answer('/api/organization-logos/{organizationId}/{file}')).toMatchObject({ 'image/png': { schema: binary } });
    // No answer is left as untyped JSON (a file that the document would call JSON).
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const json = response.content?.['application/json'];
        if (json) expect(json.schema, `${method} ${path} ${status}`).not.toEqual({});
      }
    }
    const upload = document.paths['/api/engagements/{id}/employees/upload-excel/']?.['post']?.requestBody?.content;
    expect(upload).toEqual({ 'multipart/form-data': { schema: { type: 'object', properties: { import_file: binary }, required: ['import_file'] } } });
  });
});
