import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_UPLOAD_FIELD } from '@ona/contracts';
import { eq, sql, tables } from '@ona/db';
import { translate } from '../../i18n/translate.ts';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { manyCellsWorkbook, oneHugeCellWorkbook, smallEmployeesWorkbook } from '../../testing/xlsx-bombs.ts';
import { multipartFile } from '../employees-import/multipart-body.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { MAX_SHEET_ROWS, MAX_WORKBOOK_UNPACKED_MB, WORKBOOK_LIMITS } from './workbook-limits.ts';

/**
 * The cell limit lowered to what it was before issue 34's raise (40 million would have this test
 * write a workbook of 40 million cells); the count and the refusal are the same code.
 */
const MAX_WORKBOOK_CELLS = 4_500_000;

let ctx: TestContext;
let org: SurveyOrganisation;

const employeesUrl = () => `/api/engagements/${org.otherEngagementId}/employees/upload-excel/`;
const post = (url: string, file: Buffer, field = 'import_file', language = 'en') => {
  const { payload, headers } = multipartFile(file, { field });
  return ctx.app.inject({ method: 'POST', url, headers: { ...authHeader(org.tokens.admin), 'accept-language': language, ...headers }, payload });
};
async function storedEmployees(): Promise<number> {
  const [row] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(tables.employees).where(eq(tables.employees.engagementId, org.otherEngagementId));
  return row?.n ?? -1;
}

/**
 * Runs an upload while watching the main thread: the longest event-loop stall, the highest heap
 * above the start, and whether a health request sent meanwhile was answered.
 */
async function watched(upload: () => Promise<{ statusCode: number; body: string }>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const heapAtStart = process.memoryUsage().heapUsed;
  let heapPeak = heapAtStart;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  delay.enable();
  try {
    const [response, health] = await Promise.all([upload(), ctx.app.inject({ method: 'GET', url: '/api/health/' })]);
    return { response, healthStatus: health.statusCode, maxStallMs: delay.max / 1e6, heapGrowthMb: (heapPeak - heapAtStart) / 1e6 };
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
}

// Generous bounds, never a timing assertion on success. Measured here: the longest stall 48 ms
// (starting the worker) and 1.4 MB of heap; before the fix the 300 MB cell was inflated and parsed
// on the main thread (stalls of seconds, up to 21.6 s in the attack run, +0.4 GB of heap). The stall
// bound is 60 times what was measured, so a busy machine's scheduling does not reach it.
const MAX_STALL_MS = 3_000;
const MAX_HEAP_GROWTH_MB = 100;

beforeAll(async () => {
  ctx = await createTestApp({ workbookLimits: { ...WORKBOOK_LIMITS, cells: MAX_WORKBOOK_CELLS } });
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('workbook bombs', () => {
  it('reads a small hand-built workbook (the bombs below are valid workbooks otherwise)', async () => {
    const file = await smallEmployeesWorkbook([
      ['name', 'email'],
      ['Ann Able', 'ann@bombs.test'],
    ]);
    const res = await post(employeesUrl(), file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedEmployees()).toBe(1);
  });

  it('refuses 304 KB holding one 300 MB cell from its declared sizes: 413, nothing stored, the server keeps answering', async () => {
    const before = await storedEmployees();
    const bomb = await oneHugeCellWorkbook(300);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const run = await watched(() => post(employeesUrl(), bomb, 'import_file', 'de'));
    expect(run.response.statusCode).toBe(413);
    expect(JSON.parse(run.response.body)).toEqual({ code: 'workbook_too_large', detail: translate('de', 'uploads.errors.workbook_too_large', { max: MAX_WORKBOOK_UNPACKED_MB }) });
    expect(run.healthStatus).toBe(200);
    expect(run.maxStallMs).toBeLessThan(MAX_STALL_MS);
    expect(run.heapGrowthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(await storedEmployees()).toBe(before);
  });

  it('refuses the same cell when the archive lies about its size, while unpacking: 413, nothing stored', async () => {
    const before = await storedEmployees();
    const liar = await oneHugeCellWorkbook(300, { declaredSheetSize: 2_000 });
    const run = await watched(() => post(employeesUrl(), liar, 'import_file', 'hu'));
    expect(run.response.statusCode).toBe(413);
    expect(JSON.parse(run.response.body).code).toBe('workbook_too_large');
    expect(JSON.parse(run.response.body).detail).toBe(translate('hu', 'uploads.errors.workbook_too_large', { max: MAX_WORKBOOK_UNPACKED_MB }));
    expect(run.healthStatus).toBe(200);
    expect(run.maxStallMs).toBeLessThan(MAX_STALL_MS);
    expect(run.heapGrowthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(await storedEmployees()).toBe(before);
  });

  it('refuses a sheet one row over the row limit (1,048,576, Excel\'s own): 413 with the limit in the message, nothing stored, the server keeps answering', async () => {
    const before = await storedEmployees();
    const bomb = await manyCellsWorkbook(MAX_SHEET_ROWS + 1, 1);
    const run = await watched(() => post(employeesUrl(), bomb, 'import_file', 'hu'));
    expect(run.response.statusCode).toBe(413);
    expect(JSON.parse(run.response.body)).toEqual({ code: 'workbook_too_large', detail: translate('hu', 'uploads.errors.too_many_rows', { max: MAX_SHEET_ROWS }) });
    expect(run.healthStatus).toBe(200);
    expect(run.maxStallMs).toBeLessThan(MAX_STALL_MS);
    expect(run.heapGrowthMb).toBeLessThan(MAX_HEAP_GROWTH_MB);
    expect(await storedEmployees()).toBe(before);
  });

  it('refuses a workbook over the cell limit though small when unpacked: 413 with the limit in the message', async () => {
    const before = await storedEmployees();
    const res = await post(employeesUrl(), await manyCellsWorkbook(MAX_WORKBOOK_CELLS + 100), 'import_file', 'ru');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'workbook_too_large', detail: translate('ru', 'uploads.errors.too_many_cells', { max: MAX_WORKBOOK_CELLS }) });
    expect(await storedEmployees()).toBe(before);
  });

  it('refuses the bomb on every workbook upload: nice Excel import, filters import and results-to-graph', async () => {
    const bomb = await oneHugeCellWorkbook(300, { declaredSheetSize: 2_000 });
    const urls: [string, string][] = [
      [`/api/engagements/${org.otherEngagementId}/import_nice_excel/`, 'import_file'],
      [`/api/engagements/${org.otherEngagementId}/filters/import/`, 'import_file'],
      ['/api/survey-result-to-graph/', RESULTS_UPLOAD_FIELD],
    ];
    for (const [url, field] of urls) {
      const res = await post(url, bomb, field);
      expect(res.statusCode, url).toBe(413);
      expect(res.json().code, url).toBe('workbook_too_large');
    }
  });
});
