import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { everyModule, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { addEarlierWave, type EarlierWave } from '../../testing/wave-fixtures.ts';
import { companyCsv, generateCompany, HR_MAPPING } from '../../modules/hr-sync/hr-company-fixture.ts';

/**
 * What the OpenAPI document says of each query parameter is what the server does: a signed-in
 * administrator calls every operation that has query parameters, on analysed data, once with a
 * value for each of them (2xx), then once without each one: a parameter declared required answers
 * 400, one declared optional still answers 2xx. A client generated from the document can rely on it.
 */

type TParameter = { name: string; in: string; required?: boolean };
type TOperation = { parameters?: TParameter[] };
type TDocument = { paths: Record<string, Record<string, TOperation>> };

let ctx: TestContext;
let org: AnalyticsOrganisation;
let earlier: EarlierWave;
let token: string;
let document: TDocument;
/** A value for every query parameter of the document, by name (an array repeats the parameter). */
let samples: Record<string, string | string[]>;
/** The path of each operation with real ids in it, by `METHOD path`. */
let paths: Record<string, string>;
/** The body (and its headers) of the operations that take one. */
let bodies: Record<string, { payload: string | Buffer | object; headers?: Record<string, string> }>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  earlier = await addEarlierWave(ctx, org);
  const db = ctx.db.db;
  // One administrator with every permission, all_access on both analysed journeys.
  const walker = await createUser(db, { email: 'walker@acme.test', organizationIds: [org.orgId], permissions: [...PERMISSIONS] });
  for (const engagementId of [org.engagementId, earlier.engagementId]) await grantAccess(db, engagementId, walker.id, everyModule('all_access'));
  token = await loginAs(ctx.app, walker.email, FIXTURE_PASSWORD);

  const created = await ctx.app.inject({ method: 'POST', url: '/api/instant-survey/surveys/', headers: authHeader(token), payload: { title: 'Walk', questions: [{ label: 'Who helps you?', type: 'user_select' }] } });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<{ id: number; code: string }>();
  const [code] = await db.select().from(tables.leaderReportCodes).where(eq(tables.leaderReportCodes.leaderEmployeeId, org.people.leadA));
  const exported = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/export-nice-excel/`, headers: authHeader(token) });
  expect(exported.statusCode).toBe(200);
  if (!code) throw new Error('the analysis stored no leader code');

  const e = org.engagementId;
  paths = {
    'GET /api/engagements/{id}/leader-reports/{reportId}/': `/api/engagements/${e}/leader-reports/${org.people.leadA}/`,
    'GET /api/engagements/{id}/confidence/people/{reportId}/': `/api/engagements/${e}/confidence/people/${org.people.leadA}/`,
    'PUT /api/engagements/{id}/comparison/leavers/{employeeId}/': `/api/engagements/${e}/comparison/leavers/${earlier.people.x1}/`,
    'GET /api/instant-survey/surveys/{id}/': `/api/instant-survey/surveys/${survey.id}/`,
  };
  const boundary = 'walk-boundary';
  samples = {
    // Lists and searches.
    q: 'Person',
    archived: 'false',
    page: '1',
    page_size: '20',
    sort: 'name',
    // Analytics filters: units and people of the analysed journey.
    unit: [String(org.units.sales), String(org.units.support)],
    employee: [String(org.people.leadA), String(org.people.a2)],
    su: [String(org.people.a2)],
    tu: [String(org.people.leadA)],
    sun: [String(org.units.sales)],
    tun: [String(org.units.company)],
    // The key people list's role filter.
    role: ['key:advisor', 'group:gatekeeper'],
    only_with_roles: 'true',
    // The retention datasheet's filters and the org chart's branches; the retention answer without its people.
    generation: ['x', 'y'],
    key_role: ['advisor'],
    group_role: ['gatekeeper'],
    answered: 'answered',
    age: ['months', 'years'],
    risk_level: ['1', '2', '3', '4'],
    name: 'Person',
    leader: [String(org.people.leadA)],
    people: 'false',
    network: 'work',
    groups: 'unit',
    graph_type: 'work_cooperation',
    edges: 'all',
    // The overview of units: units opened into their people, the rest kept as units.
    open: [String(org.units.sales)],
    open_no_unit: 'true',
    rest: 'units',
    module: 'leader_reports',
    // One leader's row of the leader report list.
    id: String(org.people.leadA),
    // Comparison with the earlier wave.
    with: String(earlier.engagementId),
    status: ['stayed', 'left'],
    question: ['cooperation'],
    // Network export.
    format: 'gexf',
    gexf_version: '1.3',
    layout: 'regular',
    color_by: 'unit',
    users: String(walker.id),
    authorization_code: code.code,
    code: survey.code,
    // The organisation's directory and its single sign-on.
    state: 'all',
    search: 'Person',
    origin: 'engagement',
    // An HR file pushed by a scheduled job, into the caller's own organisation.
    auto_apply: 'true',
    organization_id: String(org.orgId),
    // A collaboration export's kind.
    source: 'message_trace',
    // The audit log's filters and its page.
    actor: String(walker.id),
    action: 'sign_in.success',
    subject_employee: String(org.people.a2),
    subject_search: 'Anna',
    engagement: String(org.engagementId),
    from: '2026-01-01',
    to: '2099-12-31',
    before: '1000000',
  };
  const mapped = await ctx.app.inject({ method: 'PUT', url: '/api/organization/directory/hr-sync/settings/', headers: authHeader(token), payload: { mapping: HR_MAPPING } });
  expect(mapped.statusCode).toBe(200);
  const hrFile = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="hr_file"; filename="people.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    companyCsv(generateCompany(5)),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="results"; filename="results.xlsx"\r\nContent-Type: ${XLSX}\r\n\r\n`),
    exported.rawPayload,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  // Two directory people of the caller's organisation, and a trace between them and between two
  // people of the HR file, so that it is read whether the HR push (which makes the first leavers) runs before or after it.
  await db.insert(tables.directoryPeople).values(['collab.a@walk.test', 'collab.b@walk.test'].map((email, i) => ({ organizationId: org.orgId, externalId: `collab-${i}`, userName: email, email, displayName: `Collab ${i}` })));
  const when = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 19);
  const trace = ['Received,SenderAddress,RecipientAddress,MessageId', `${when},collab.a@walk.test,collab.b@walk.test,<1@walk.test>`, `${when},person1@company.test,person2@company.test,<2@walk.test>`].join('\r\n');
  const collaborationFile = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="collaboration_file"; filename="trace.csv"\r\nContent-Type: text/csv\r\n\r\n${trace}\r\n--${boundary}--\r\n`)]);
  bodies = {
    'POST /api/organization/collaboration-imports/': { payload: collaborationFile, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    'POST /api/survey-result-to-graph/': { payload: upload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    'PUT /api/engagements/{id}/comparison/leavers/{employeeId}/': { payload: { reason: 'moved' } },
    'POST /api/organization/directory/hr-syncs/': { payload: hrFile, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
  };

  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  document = res.json();
}, 300_000);
afterAll(async () => ctx.close());

/**
 * Operations that answer 2xx only with a live identity provider configured for the organisation (a
 * sign-in round against it): their parameters are walked in modules/sso/sso.test.ts, which starts
 * one. Here they would answer 409 `sso_not_configured` with or without any parameter.
 */
const NEEDS_IDENTITY_PROVIDER = new Set(['POST /api/organization/sso/test/']);

const operationsWithQueries = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase() as 'GET', path, query: (operation.parameters ?? []).filter((p) => p.in === 'query') }))
      .filter((operation) => operation.query.length > 0 && !NEEDS_IDENTITY_PROVIDER.has(operation.key)),
  );

/** Where one operation's parameter takes other values than the same name elsewhere (`format`, the datasheet's one `unit`). */
const OPERATION_SAMPLES: Record<string, Record<string, () => string>> = {
  'GET /api/organization/audit-log/export/': { format: () => 'jsonl' },
  'GET /api/engagements/{id}/retention-analytics-results/employees/': { unit: () => String(org.units.sales) },
};

function urlOf(operation: { key: string; path: string }, query: TParameter[]): string {
  const path = paths[operation.key] ?? operation.path.replace('{id}', String(org.engagementId));
  const search = new URLSearchParams();
  for (const { name } of query) for (const value of [OPERATION_SAMPLES[operation.key]?.[name]?.() ?? samples[name] ?? []].flat()) search.append(name, value);
  return `${path}?${search.toString()}`;
}

function call(operation: { key: string; method: 'GET'; path: string }, query: TParameter[]) {
  const body = bodies[operation.key];
  return ctx.app.inject({ method: operation.method, url: urlOf(operation, query), headers: { ...authHeader(token), ...body?.headers }, ...(body ? { payload: body.payload } : {}) });
}

describe('the query parameters of the OpenAPI document', () => {
  it('are walked over every operation that has one, each with a sample value', () => {
    const operations = operationsWithQueries();
    expect(operations.length).toBeGreaterThan(15);
    const names = new Set(operations.flatMap((operation) => operation.query.map((p) => p.name)));
    expect([...names].filter((name) => !(name in samples))).toEqual([]);
    for (const { key, path } of operations) expect(key in paths || !/\{(?!id\})/.test(path), `${key} has a path id besides the journey's`).toBe(true);
  });

  it('answer 2xx with every parameter, 400 without a required one and 2xx without an optional one', async () => {
    const wrong: string[] = [];
    for (const operation of operationsWithQueries()) {
      const full = await call(operation, operation.query);
      expect(full.statusCode, `${operation.key} with every parameter: ${full.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(full.statusCode, `${operation.key} with every parameter: ${full.body.slice(0, 300)}`).toBeLessThan(300);
      for (const parameter of operation.query) {
        const res = await call(operation, operation.query.filter((p) => p !== parameter));
        const answered = res.statusCode >= 200 && res.statusCode < 300 ? '2xx' : String(res.statusCode);
        const expected = parameter.required ? '400' : '2xx';
        if (answered !== expected) wrong.push(`${operation.key} without ${parameter.name} (declared ${parameter.required ? 'required' : 'optional'}): ${answered} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    // About 80 calls, exports among them: a budget for a loaded machine, not a timing assertion.
  }, 240_000);
});
