import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, ZApiError } from '@ona/contracts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';

/**
 * Every id of the database is an `integer` column: an id beyond it (or below 1) in a path, a query
 * string or a body answers 400 with the error shape, never 500 from a query that failed on it.
 * The paths and queries come from the OpenAPI document, so a route added later is covered.
 */

type TSchema = {
  type?: string | string[];
  $ref?: string;
  items?: TSchema;
  maximum?: number;
  exclusiveMinimum?: number;
  minimum?: number;
  properties?: Record<string, TSchema>;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
};
type TParameter = { name: string; in: string; schema?: TSchema };
type TOperation = { parameters?: TParameter[]; requestBody?: { content?: Record<string, { schema?: TSchema }> } };
type TDocument = { paths: Record<string, Record<string, TOperation>>; components: { schemas: Record<string, TSchema> } };
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The largest value of a PostgreSQL integer column. */
const DB_ID_MAX = 2_147_483_647;
/** Beyond a 32-bit integer, zero, negative, beyond even a double's exact integers. */
const OUT_OF_RANGE = ['2147483648', '0', '-1', '99999999999999999999'];
/** Paging is no id. */
/** Numbers that are no row id: paging, and the audit log's position in its chain (bigint). */
const NOT_IDS = new Set(['page', 'page_size', 'before']);
/** Path ids that are text (a public id) or digits (a host's numeric id): text that is no survey answers 404. */
const TEXT_OR_NUMBER_IDS = ['/api/instant-survey/surveys/{id}/', '/api/instant-survey/surveys/{id}/fill-info/', '/api/instant-survey/surveys/{id}/create-user/', '/api/instant-survey/surveys/{id}/save-answer/', '/api/instant-survey/surveys/{id}/finish/'];

let ctx: TestContext;
let token: string;
let document: TDocument;
let calls = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.db.db;
  const organization = await createOrganization(db, 'Bounds Ltd');
  const admin = await createUser(db, { email: 'bounds@bounds.test', organizationIds: [organization.id], permissions: [...PERMISSIONS] });
  token = await loginAs(ctx.app, admin.email, FIXTURE_PASSWORD);
  document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => ctx.close());

const resolve = (schema: TSchema | undefined): TSchema | undefined => (schema?.$ref ? document.components.schemas[schema.$ref.split('/').pop() ?? ''] : schema);
const isInteger = (schema: TSchema | undefined): boolean => {
  const resolved = resolve(schema);
  return resolved?.type === 'integer' || (resolved?.type === 'array' && isInteger(resolved.items));
};
const hasType = (schema: TSchema, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/**
 * Every integer a request body names as an id (`id`, `…_id`, `…_ids`, also nullable or in a
 * list), with the property names that lead to it: the bodies' ids are looked up like a path's.
 */
function bodyIds(schema: TSchema | undefined, trail: string[], seen: Set<TSchema>, found: { trail: string; schema: TSchema }[]): void {
  const resolved = resolve(schema);
  if (!resolved || seen.has(resolved)) return;
  seen.add(resolved);
  const name = trail.at(-1);
  const isIdName = name !== undefined && (name === 'id' || name.endsWith('_id') || name.endsWith('_ids'));
  if (isIdName && hasType(resolved, 'integer')) found.push({ trail: trail.join('.'), schema: resolved });
  if (resolved.items) bodyIds(resolved.items, trail, seen, found);
  for (const part of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) bodyIds(part, trail, seen, found);
  for (const [property, child] of Object.entries(resolved.properties ?? {})) bodyIds(child, [...trail, property], new Set(seen), found);
}
/** An instant question's option id is its number within the question's JSON options (from 0), no row. */
const NOT_ROW_IDS = /(^|\.)(options\.id|option_id)$/;

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase() as TMethod, path, parameters: operation.parameters ?? [] })));

/** The path with `1` (an id in range) in every parameter but `bad`, which gets `value`. */
const pathWith = (path: string, bad: string | null, value: string) =>
  path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === bad ? encodeURIComponent(value) : name === 'kind' ? 'invitation' : name === 'language' ? 'en' : name === 'file' ? 'a.png' : '1'));

async function call(method: TMethod, url: string, payload?: object) {
  // A fresh address now and then: the sweep is many calls, the rate limit counts per address.
  calls += 1;
  return ctx.app.inject({ method, url, headers: authHeader(token), remoteAddress: `10.9.${Math.floor(calls / 200)}.1`, ...(payload ? { payload } : {}) });
}

function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, what: string, allowed: number[] = [400]) {
  expect(allowed, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
  expect(ZApiError.safeParse(res.json()).success, `${what}: ${res.body.slice(0, 200)}`).toBe(true);
}

describe('ids out of the range of an integer column', () => {
  it('are bounded to 1..2147483647 in every numeric path parameter of the document', () => {
    const numeric = operations().flatMap(({ method, path, parameters }) => parameters.filter((p) => p.in === 'path' && isInteger(p.schema)).map((p) => ({ method, path, name: p.name, schema: resolve(p.schema) })));
    expect(numeric.length).toBeGreaterThan(80);
    for (const { method, path, name, schema } of numeric) {
      expect(schema?.maximum, `${method} ${path} {${name}}`).toBe(DB_ID_MAX);
      expect(schema?.exclusiveMinimum ?? (schema?.minimum === undefined ? undefined : schema.minimum - 1), `${method} ${path} {${name}}`).toBe(0);
    }
  });

  it('answer 400 in every numeric path parameter, 400 or 404 in a survey path that takes a public id too', async () => {
    let checked = 0;
    for (const { method, path, parameters } of operations()) {
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        const textOrNumber = !isInteger(parameter.schema) && TEXT_OR_NUMBER_IDS.includes(path) && parameter.name === 'id';
        if (!isInteger(parameter.schema) && !textOrNumber) continue;
        for (const value of OUT_OF_RANGE) {
          const res = await call(method, pathWith(path, parameter.name, value));
          // Only digits can be a host's numeric id; "-1" is text, so no survey's public id (404), or
          // a participant call without its body (400).
          expectRefused(res, `${method} ${path} {${parameter.name}}=${value}`, textOrNumber && value === '-1' ? [400, 404] : [400]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('answer 400 in every numeric query parameter of the document', async () => {
    let checked = 0;
    for (const { method, path, parameters } of operations()) {
      for (const parameter of parameters.filter((p) => p.in === 'query' && isInteger(p.schema) && !NOT_IDS.has(p.name))) {
        for (const value of OUT_OF_RANGE) {
          const res = await call(method, `${pathWith(path, null, '')}?${parameter.name}=${encodeURIComponent(value)}`);
          expectRefused(res, `${method} ${path}?${parameter.name}=${value}`);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
    // A list of ids in one text parameter (users=3,5,8).
    for (const value of ['2147483648', '0', `1,${DB_ID_MAX + 1}`, '9999999999']) expectRefused(await call('GET', `/api/engagements/1/access-rights/details/?users=${value}`), `access-rights details users=${value}`);
  });

  it('are bounded to 1..2147483647 in every id of a request body in the document', () => {
    const found: { where: string; schema: TSchema }[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          const ids: { trail: string; schema: TSchema }[] = [];
          bodyIds(content.schema, [], new Set(), ids);
          found.push(...ids.filter(({ trail }) => !NOT_ROW_IDS.test(trail)).map(({ trail, schema }) => ({ where: `${method.toUpperCase()} ${path}: ${trail}`, schema })));
        }
      }
    }
    expect(found.length).toBeGreaterThan(10);
    const unbounded = found.filter(({ schema }) => schema.maximum !== DB_ID_MAX || (schema.exclusiveMinimum ?? (schema.minimum === undefined ? undefined : schema.minimum - 1)) !== 0).map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it('answer 400 in the ids of a body that the server looks up', async () => {
    const cases: [TMethod, string, string, (id: number) => object][] = [
      ['POST', '/api/users/me/set-organization/', '/api/users/me/set-organization/', (id) => ({ organization: id })],
      ['POST', '/api/engagements/', '/api/engagements/', (id) => ({ name: 'Copy', access_from: '2030-01-01', access_till: '2030-02-01', default_language: 'en', modules: ['graph_visualization'], questionnaire: { source: 'copy', engagement_id: id } })],
      ['POST', '/api/engagements/{id}/access-rights/bulk-update/', '/api/engagements/1/access-rights/bulk-update/', (id) => ({ users: [1, id], access_rights: { retention_analytics: 'all_access' } })],
      ['PUT', '/api/engagements/{id}/survey/answers/{questionId}/', '/api/engagements/1/survey/answers/1/', (id) => ({ selected_users: [id] })],
      ['POST', '/api/instant-survey/surveys/{id}/save-answer/', '/api/instant-survey/surveys/1/save-answer/', (id) => ({ question_id: 1, value: { type: 'user_select', selected_users: [id] } })],
      ['PUT', '/api/instant-survey/surveys/{id}/', '/api/instant-survey/surveys/1/', (id) => ({ title: 'T', questions: [{ id, label: 'Q', type: 'freetext' }] })],
      ['PUT', '/api/organization/sso/', '/api/organization/sso/', (id) => ({ protocol: 'oidc', enabled: false, issuer_url: 'https://idp.bounds.test', client_id: 'ona', allowed_domains: ['bounds.test'], break_glass_user_id: id })],
    ];
    for (const [method, path, url, body] of cases) {
      expect(document.paths[path]?.[method.toLowerCase()], `${method} ${path} is in the document`).toBeDefined();
      for (const id of [DB_ID_MAX + 1, 0, -1, 1e20]) expectRefused(await call(method, url, body(id)), `${method} ${url} with ${id}`);
    }
  });
});
