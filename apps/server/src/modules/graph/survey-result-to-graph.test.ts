import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { RESULTS_UPLOAD_MAX_BYTES, type TApiError, type TGraphVisualization } from '@ona/contracts';
import type { AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { useAnalysedOrganisation } from '../../testing/analysed-app.ts';
import { authHeader, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;

useAnalysedOrganisation((made, analysed) => {
  ctx = made;
  org = analysed;
});

/** A multipart body with one file part, built by hand so the test controls every byte. */
function multipart(field: string, fileName: string, content: Buffer, type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') {
  const boundary = '----graph-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(token: string, body: { payload: Buffer; headers: Record<string, string> }, query = '', locale = 'en-US') {
  return ctx.app.inject({ method: 'POST', url: `/api/survey-result-to-graph/${query}`, payload: body.payload, headers: { ...body.headers, ...authHeader(token), 'accept-language': locale } });
}

/** A small results workbook in the nice-Excel layout: a leader with four people and two questions. */
async function resultsWorkbook(options: { badRow?: boolean } = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('instructions').addRow(['How to read this workbook']);
  const employees = workbook.addWorksheet('employees');
  employees.addRow(['id', 'name', 'email', 'unit', 'leader_email', 'gender', 'generation', 'entry_date']);
  employees.addRow([1, 'Lena Leader', 'lena@file.test', 'Team', '', 'female', 'x', '2010-01-01']);
  for (const [i, name] of ['Adam', 'Bea', 'Cid', 'Dora'].entries()) {
    employees.addRow([i + 2, name, `${name.toLowerCase()}@file.test`, i < 2 ? 'Team' : 'Lab', 'lena@file.test', i % 2 ? 'female' : 'male', 'y', null]);
  }
  const units = workbook.addWorksheet('units');
  units.addRow(['id', 'name', 'parent']);
  units.addRow([1, 'Team', null]);
  units.addRow([2, 'Lab', options.badRow ? 'Nowhere' : 'Team']);
  const questions = workbook.addWorksheet('questions');
  questions.addRow(['key', 'category', 'kind', 'text_en']);
  questions.addRow(['cooperation', 'work_cooperation', 'cooperation', 'With whom do you work closely?']);
  questions.addRow(['sympathy', 'trust', 'sympathy', 'With whom do you like to spend time?']);
  const answers = workbook.addWorksheet('answers');
  answers.addRow(['respondent_email', 'question_key', 'colleague_email']);
  const name = (from: string, key: string, to: string) => answers.addRow([`${from}@file.test`, key, `${to}@file.test`]);
  name('adam', 'cooperation', 'bea');
  name('bea', 'cooperation', 'adam');
  name('bea', 'cooperation', 'lena');
  name('cid', 'cooperation', 'dora');
  name('dora', 'sympathy', 'cid');
  name('lena', 'cooperation', 'adam');
  if (options.badRow) name('adam', 'gossip', 'nobody');
  answers.addRow(['dora@file.test', 'cooperation', null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('POST /survey-result-to-graph/', () => {
  it('turns a results workbook into graph data with stored-style layouts', async () => {
    const res = await upload(org.tokens.admin, multipart('results', 'results.xlsx', await resultsWorkbook()));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TGraphVisualization>();
    expect(body.employees.map((e) => e.label).sort()).toEqual(['Adam', 'Bea', 'Cid', 'Dora', 'Lena Leader']);
    expect(body.units.map((u) => u.name)).toEqual(['Team', 'Lab']);
    expect(body.graph_types).toEqual(['trust', 'work_cooperation']);
    // Default graph: the work question only (5 cooperation ties), Adam and Bea name each other.
    expect(body.relations).toHaveLength(5);
    expect(body.statistics).toMatchObject({ employee_count: 5, connection_count: 5, mutual_count: 1, mutual_percentage: 40 });
    const adam = body.employees.find((e) => e.label === 'Adam')!;
    expect(adam.parent).toBe(body.employees.find((e) => e.label === 'Lena Leader')!.id);
    const distinct = (layout: 'regular' | 'circular' | 'orgchart' | 'logo') => new Set(body.employees.map((e) => `${e.positions[layout].x},${e.positions[layout].y}`)).size;
    expect(distinct('circular')).toBe(5);
    expect(distinct('regular')).toBe(5);
    expect(body.employees.find((e) => e.label === 'Lena Leader')!.positions.orgchart.y).toBeLessThan(adam.positions.orgchart.y);
    // Someone who named nobody has zero answers (drawn as a triangle); Dora answered with an empty row too.
    expect(body.employees.find((e) => e.label === 'Dora')!.answer_count).toBe(1);

    const trust = await upload(org.tokens.admin, multipart('results', 'results.xlsx', await resultsWorkbook()), '?graph_type=trust');
    expect(trust.json<TGraphVisualization>().relations).toHaveLength(1);
  });

  it('reads the nice Excel that the survey export writes', async () => {
    const exported = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/survey/export-nice-excel/`, headers: authHeader(org.tokens.admin) });
    expect(exported.statusCode).toBe(200);
    const res = await upload(org.tokens.admin, multipart('results', 'survey.xlsx', exported.rawPayload));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TGraphVisualization>();
    expect(body.employees).toHaveLength(12);
    expect(body.units).toHaveLength(3);
    expect(body.graph_types).toHaveLength(9);
    expect(body.relations.length).toBeGreaterThan(20);
  });

  it('refuses a workbook with bad rows whole, naming each row', async () => {
    const res = await upload(org.tokens.admin, multipart('results', 'results.xlsx', await resultsWorkbook({ badRow: true })));
    expect(res.statusCode).toBe(400);
    const body = res.json<TApiError>();
    expect(body.code).toBe('invalid_rows');
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['answers_row_8', 'units_row_3']);
    expect(body.errors?.answers_row_8?.join(' ')).toContain('gossip');
  });

  it('refuses a file that is not a workbook (by content), a missing field, a large file, and a JSON body', async () => {
    const text = await upload(org.tokens.admin, multipart('results', 'results.xlsx', Buffer.from('name,email\nA,a@b.c\n'), 'text/csv'));
    expect(text.statusCode).toBe(415);
    const renamedZip = await upload(org.tokens.admin, multipart('results', 'results.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])));
    expect(renamedZip.statusCode).toBe(415);
    const wrongField = await upload(org.tokens.admin, multipart('import_file', 'results.xlsx', await resultsWorkbook()));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<TApiError>().code).toBe('no_file');
    const large = Buffer.alloc(RESULTS_UPLOAD_MAX_BYTES + 10, 1);
    large.writeUInt32LE(0x04034b50, 0);
    expect((await upload(org.tokens.admin, multipart('results', 'big.xlsx', large))).statusCode).toBe(413);
    const json = await ctx.app.inject({ method: 'POST', url: '/api/survey-result-to-graph/', payload: { results: 'x' }, headers: authHeader(org.tokens.admin) });
    expect(json.statusCode).toBe(415);
  });

  it('answers in the request language', async () => {
    const res = await upload(org.tokens.admin, multipart('results', 'results.xlsx', await resultsWorkbook({ badRow: true })), '', 'de-DE');
    expect(res.json<TApiError>().errors?.units_row_3?.[0]).toContain('Zeile 3');
  });

  it('is for engagement admins: 401 without a token, 403 without the permission', async () => {
    const file = multipart('results', 'results.xlsx', await resultsWorkbook());
    expect((await ctx.app.inject({ method: 'POST', url: '/api/survey-result-to-graph/', payload: file.payload, headers: file.headers })).statusCode).toBe(401);
    expect((await upload(org.tokens.member, file)).statusCode).toBe(403);
  });
});
