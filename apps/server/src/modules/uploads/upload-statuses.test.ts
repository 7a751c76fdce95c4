import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_UPLOAD_COLUMNS, LOGO_MAX_BYTES, LOGO_UPLOAD_FIELD, RESULTS_UPLOAD_FIELD } from '@ona/contracts';
import { eq, sql, tables } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { plainZip } from '../../testing/xlsx-bombs.ts';
import { MB, WORKBOOK_LIMITS } from './workbook-limits.ts';

/** The file limit lowered for these tests (the real one, 320 MB, would have them send 320 MB); the checks are the same. */
const MAX_UPLOAD_BYTES = 64 * MB;
import { workbookBuffer } from '../employees-import/multipart-body.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { chunkedMultipart, multipartChunks, pngLikeFile, zipLikeFile, type TestFile } from './multipart-test-bodies.ts';
import { workbookReadSlots } from './read-workbook.ts';
import { MAX_PARALLEL_WORKBOOK_READS, MAX_WAITING_WORKBOOK_READS } from './workbook-limits.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
let orgAdminToken: string;

interface Route {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  field: string;
  maxBytes: number;
  token: () => string;
  oversized: (bytes: number) => Buffer;
}

const workbookRoute = (name: string, url: () => string, field = 'import_file'): Route => ({
  name,
  method: 'POST',
  url,
  field,
  maxBytes: MAX_UPLOAD_BYTES,
  token: () => org.tokens.admin,
  oversized: zipLikeFile,
});
const workbookRoutes = (): Route[] => [
  workbookRoute('employees upload-excel', () => `/api/engagements/${org.otherEngagementId}/employees/upload-excel/`),
  workbookRoute('import_nice_excel', () => `/api/engagements/${org.otherEngagementId}/import_nice_excel/`),
  workbookRoute('filters import', () => `/api/engagements/${org.otherEngagementId}/filters/import/`),
  workbookRoute('survey-result-to-graph', () => '/api/survey-result-to-graph/', RESULTS_UPLOAD_FIELD),
];
const logoRoute = (): Route => ({
  name: 'organisation logo',
  method: 'PUT',
  url: () => '/api/organization/logo/',
  field: LOGO_UPLOAD_FIELD,
  maxBytes: LOGO_MAX_BYTES,
  token: () => orgAdminToken,
  oversized: pngLikeFile,
});

function send(route: Route, files: TestFile[], language = 'en') {
  const { chunks, headers } = multipartChunks(files);
  return ctx.app.inject({ method: route.method, url: route.url(), headers: { ...authHeader(route.token()), 'accept-language': language, ...headers }, payload: Buffer.concat(chunks) });
}
function sendChunked(route: Route, file: TestFile) {
  const { payload, headers } = chunkedMultipart(file);
  return ctx.app.inject({ method: route.method, url: route.url(), headers: { ...authHeader(route.token()), ...headers }, payload });
}
async function storedState() {
  const [employees] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(tables.employees).where(eq(tables.employees.engagementId, org.otherEngagementId));
  const [organisation] = await ctx.db.db.select({ logo: tables.organizations.logoUrl }).from(tables.organizations).where(eq(tables.organizations.id, org.orgId));
  return { employees: employees?.n, logo: organisation?.logo };
}
const goodEmployees = () => workbookBuffer({ employees: [[...EMPLOYEE_UPLOAD_COLUMNS], ['Ann Able', 'ann@statuses.test']] });

beforeAll(async () => {
  ctx = await createTestApp({ workbookLimits: { ...WORKBOOK_LIMITS, fileBytes: MAX_UPLOAD_BYTES } });
  org = await createSurveyOrganisation(ctx);
  await createUser(ctx.db.db, { email: 'orgadmin@acme.test', name: 'Olga Org', organizationIds: [org.orgId], permissions: ['organization_admin'] });
  orgAdminToken = await loginAs(ctx.app, 'orgadmin@acme.test', FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

describe('upload status codes', () => {
  it('a zip that is not a workbook answers 415 unsupported_file_type on every upload, in the user’s language', async () => {
    const zip = await plainZip();
    for (const route of [...workbookRoutes(), logoRoute()]) {
      const res = await send(route, [{ field: route.field, content: zip }], 'hu');
      expect(res.statusCode, route.name).toBe(415);
      expect(res.json().code, route.name).toBe('unsupported_file_type');
      if (route.method === 'POST') expect(res.json().detail, route.name).toBe(translate('hu', 'uploads.errors.not_a_workbook'));
    }
  });

  it('every file over the limit answers 413, also when the limit falls exactly on a chunk boundary of the body', async () => {
    const before = await storedState();
    for (const route of [...workbookRoutes(), logoRoute()]) {
      for (const bytes of [route.maxBytes + 1, route.maxBytes + 64 * 1024, Math.round(route.maxBytes * 1.1)]) {
        const whole = await send(route, [{ field: route.field, content: route.oversized(bytes) }], 'de');
        expect(whole.statusCode, `${route.name} ${bytes} in one piece`).toBe(413);
        expect(whole.json(), route.name).toEqual({ code: 'payload_too_large', detail: translate('de', 'uploads.errors.file_too_large', { max: route.maxBytes >= 1024 * 1024 ? `${route.maxBytes / 1024 / 1024} MB` : `${route.maxBytes / 1024} KB` }) });
        const pieces = await sendChunked(route, { field: route.field, content: route.oversized(bytes) });
        expect(pieces.statusCode, `${route.name} ${bytes} in 64 KB pieces`).toBe(413);
        expect(pieces.json().code).toBe('payload_too_large');
      }
    }
    expect(await storedState()).toEqual(before);
  });

  it('more than one file answers 400 too_many_files (never silently the first) and stores nothing', async () => {
    const before = await storedState();
    const good = await goodEmployees();
    for (const route of workbookRoutes()) {
      const res = await send(route, [{ field: route.field, content: good }, { field: route.field, content: good }], 'ru');
      expect(res.statusCode, route.name).toBe(400);
      expect(res.json(), route.name).toEqual({ code: 'too_many_files', detail: translate('ru', 'uploads.errors.too_many_files') });
      const otherField = await send(route, [{ field: route.field, content: good }, { field: 'another', content: good }]);
      expect(otherField.statusCode, route.name).toBe(400);
      expect(otherField.json().code, route.name).toBe('too_many_files');
    }
    const png = pngLikeFile(200);
    const logo = await send(logoRoute(), [{ field: LOGO_UPLOAD_FIELD, content: png }, { field: LOGO_UPLOAD_FIELD, content: png }]);
    expect(logo.statusCode).toBe(400);
    expect(logo.json().code).toBe('too_many_files');
    expect(await storedState()).toEqual(before);
  });

  it('while the workbook readers and their queue are full an upload answers 503 uploads_busy; afterwards it is read', async () => {
    const route = workbookRoutes()[0]!;
    const good = await goodEmployees();
    const held = await Promise.all(Array.from({ length: MAX_PARALLEL_WORKBOOK_READS }, () => workbookReadSlots.acquire()));
    const waiting = Array.from({ length: MAX_WAITING_WORKBOOK_READS }, () => workbookReadSlots.acquire());
    const busy = await send(route, [{ field: route.field, content: good }], 'de');
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ code: 'uploads_busy', detail: translate('de', 'uploads.errors.busy') });
    // Each waiter gets a slot as one is released, and hands it on at once.
    const handedOn = waiting.map((turn) => turn.then((release) => release()));
    for (const release of held) release();
    await Promise.all(handedOn);
    expect(workbookReadSlots.inUse).toBe(0);
    const res = await send(route, [{ field: route.field, content: good }]);
    expect(res.statusCode, res.body).toBe(200);
  });
});
