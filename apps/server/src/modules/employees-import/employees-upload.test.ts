import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_UPLOAD_COLUMNS } from '@ona/contracts';
import { asc, eq, sql, tables } from '@ona/db';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { multipartFile, readWorkbook, workbookBuffer } from './multipart-body.ts';
import { MB, WORKBOOK_LIMITS } from '../uploads/workbook-limits.ts';

/** The file limit lowered for these tests (the real one, 320 MB, would have them send 320 MB); the checks are the same. */
const MAX_UPLOAD_BYTES = 64 * MB;

let ctx: TestContext;
let org: SurveyOrganisation;
const HEADER = [...EMPLOYEE_UPLOAD_COLUMNS];

const upload = (engagementId: number, file: Buffer, token = org.tokens.admin, options: Parameters<typeof multipartFile>[1] = {}) => {
  const { payload, headers } = multipartFile(file, options);
  return ctx.app.inject({ method: 'POST', url: `/api/engagements/${engagementId}/employees/upload-excel/`, headers: { ...authHeader(token), ...headers }, payload });
};
async function counts(engagementId: number) {
  const [e] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId));
  const [u] = await ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(tables.units).where(eq(tables.units.engagementId, engagementId));
  const names = await ctx.db.db.select({ name: tables.employees.name }).from(tables.employees).where(eq(tables.employees.engagementId, engagementId)).orderBy(asc(tables.employees.id));
  return { employees: e?.n, units: u?.n, names: names.map((n) => n.name) };
}

beforeAll(async () => {
  ctx = await createTestApp({ workbookLimits: { ...WORKBOOK_LIMITS, fileBytes: MAX_UPLOAD_BYTES } });
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/employees/template/', () => {
  it('is a real .xlsx with an instructions sheet and the header rows', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/employees/template/`, headers: { ...authHeader(org.tokens.admin), 'accept-language': 'hu-HU' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="employees-template.xlsx"');
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['instructions', 'employees', 'units']);
    expect(workbook.getWorksheet('instructions')?.getCell('A1').value).toBe('Így töltse ki ezt a munkafüzetet');
    expect(workbook.getWorksheet('employees')?.getRow(1).values).toEqual([undefined, ...HEADER]);
  });
});

describe('POST /engagements/{id}/employees/upload-excel/', () => {
  it('replaces the participants with the file’s, matched by e-mail, creating units and the leader chain', async () => {
    const id = org.otherEngagementId;
    const bossEmail = `boss-${id}@x.test`;
    const file = await workbookBuffer({
      instructions: [['anything']],
      employees: [
        HEADER,
        ['Clara CEO', { text: bossEmail.toUpperCase(), hyperlink: `mailto:${bossEmail}` }, 'Company', null, 'F', 'x', new Date(Date.UTC(2005, 0, 10)), 'CEO'],
        ['Sam Sales', 'sam@acme.test', 'Sales', bossEmail, 'male', 'Y', '2015.06.01.', null],
        ['Nora None', 'noaccess@acme.test', 'Sales', 'sam@acme.test', 'female', 'z', '2021-02-03', null],
        ['Otto Other', 'otto@acme.test', 'Team A', 'sam@acme.test', null, 'bb', null, null],
        [],
      ],
      units: [['name', 'parent'], ['Sales', 'Company']],
    });
    const res = await upload(id, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created_count: 3, updated_count: 1, removed_count: 2, unit_count: 3 });
    const rows = await ctx.db.db.select().from(tables.employees).where(eq(tables.employees.engagementId, id)).orderBy(asc(tables.employees.id));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const boss = byEmail.get(bossEmail);
    expect(boss).toMatchObject({ name: 'Clara CEO', gender: 'female', generation: 'x', entryDate: '2005-01-10', jobTitle: 'CEO', leaderId: null });
    expect(byEmail.get('sam@acme.test')).toMatchObject({ leaderId: boss?.id, entryDate: '2015-06-01', generation: 'y' });
    expect(byEmail.get('noaccess@acme.test')?.userId).toBe(org.userIds.noAccess);
    const units = await ctx.db.db.select().from(tables.units).where(eq(tables.units.engagementId, id));
    const sales = units.find((u) => u.name === 'Sales');
    expect(sales?.parentId).toBe(units.find((u) => u.name === 'Company')?.id);
    expect(byEmail.get('otto@acme.test')?.unitId).toBe(units.find((u) => u.name === 'Team A')?.id);
  });

  it('refuses a file with bad rows whole, listing every row’s problems, and stores nothing', async () => {
    const id = org.otherEngagementId;
    const before = await counts(id);
    const file = await workbookBuffer({
      employees: [
        HEADER,
        [null, 'nameless@acme.test'],
        ['Bad Mail', 'not-an-email'],
        ['Twin One', 'twin@acme.test'],
        ['Twin Two', 'TWIN@acme.test'],
        ['Orphan', 'orphan@acme.test', null, 'ghost@acme.test'],
        ['Circle A', 'a@acme.test', null, 'b@acme.test'],
        ['Circle B', 'b@acme.test', null, 'a@acme.test'],
        ['Lost', 'lost@acme.test', 'Atlantis'],
        ['Odd', 'odd@acme.test', null, null, 'robot', 'q', '2021-13-45'],
        ['Selfish', 'self@acme.test', null, 'self@acme.test'],
      ],
      units: [['name', 'parent'], ['Loop 1', 'Loop 2'], ['Loop 2', 'Loop 1'], ['Dangling', 'Nowhere']],
    });
    const res = await upload(id, file, org.tokens.admin);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('invalid_file');
    expect(body.detail).toContain('Nothing has been saved');
    expect(body.errors).toEqual({
      row_2: ['"name" is required.'],
      row_3: ['"email" is not a valid e-mail address.'],
      row_4: ['The e-mail address twin@acme.test appears more than once.'],
      row_5: ['The e-mail address twin@acme.test appears more than once.'],
      row_6: ['The leader ghost@acme.test is not an employee in the file.'],
      row_7: ['The leader chain goes round in a circle: a@acme.test → b@acme.test → a@acme.test.'],
      row_8: ['The leader chain goes round in a circle: a@acme.test → b@acme.test → a@acme.test.'],
      row_9: ['The unit "Atlantis" does not exist.'],
      row_10: ['The gender must be one of: female, male, other.', 'The generation must be one of: x, y, z, bb.', '"entry_date" is not a valid date (use YYYY-MM-DD).'],
      row_11: ['An employee cannot be their own leader.'],
      'units.row_2': ['The unit tree goes round in a circle: Loop 1 → Loop 2 → Loop 1.'],
      'units.row_3': ['The unit tree goes round in a circle: Loop 1 → Loop 2 → Loop 1.'],
      'units.row_4': ['The parent unit "Nowhere" does not exist.'],
    });
    expect(await counts(id)).toEqual(before);
  });

  it('answers row messages in the request’s language', async () => {
    const file = await workbookBuffer({ employees: [HEADER, ['Lost', 'lost@acme.test', 'Atlantis']] });
    const { payload, headers } = multipartFile(file);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.otherEngagementId}/employees/upload-excel/`, headers: { ...authHeader(org.tokens.admin), ...headers, 'accept-language': 'de-DE' }, payload });
    expect(res.json().errors).toEqual({ row_2: ['Die Einheit „Atlantis“ existiert nicht.'] });
  });

  it('refuses a header without the required columns and an empty sheet', async () => {
    const before = await counts(org.otherEngagementId);
    const missing = await upload(org.otherEngagementId, await workbookBuffer({ employees: [['name', 'mail'], ['A', 'a@acme.test']] }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ row_1: ['The column "email" is missing from the header row.'] });
    const empty = await upload(org.otherEngagementId, await workbookBuffer({ employees: [HEADER] }));
    expect(empty.json().errors.row_1).toHaveLength(1);
    expect(await counts(org.otherEngagementId)).toEqual(before);
  });

  it('judges the file by content: text or a broken zip named .xlsx is 415, whatever its name', async () => {
    const text = await upload(org.otherEngagementId, Buffer.from('name,email\nA,a@acme.test\n'));
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('unsupported_file_type');
    const zipLike = await upload(org.otherEngagementId, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
    expect(zipLike.statusCode).toBe(415);
    const good = await workbookBuffer({ employees: [HEADER, ['A', 'a@acme.test']] });
    const truncated = await upload(org.otherEngagementId, good.subarray(0, Math.floor(good.length / 2)));
    expect(truncated.statusCode).toBe(415);
  });

  it('refuses a file over the upload limit (64 MB) with 413 and stores nothing', async () => {
    const before = await counts(org.otherEngagementId);
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(MAX_UPLOAD_BYTES + 10, 1)]);
    const res = await upload(org.otherEngagementId, huge);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await counts(org.otherEngagementId)).toEqual(before);
  });

  it('imports a generated workbook of 20,000 employees in 200 units, with their leaders, and a second upload keeps their ids', async () => {
    const id = org.otherEngagementId;
    const PEOPLE = 20_000;
    const person = (i: number) => [`Person ${i}`, `p${i}@big.test`, `Unit ${i % 200}`, i === 0 ? null : `p${Math.floor((i - 1) / 10)}@big.test`, i % 2 ? 'female' : 'male', 'y', '2020-01-02', `Title ${i % 7}`];
    const units = [['name', 'parent'], ...Array.from({ length: 200 }, (_, u) => [`Unit ${u}`, u === 0 ? null : 'Unit 0'])];
    const file = await workbookBuffer({ employees: [HEADER, ...Array.from({ length: PEOPLE }, (_, i) => person(i))], units });
    const res = await upload(id, file);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ created_count: PEOPLE, updated_count: 0 });
    const stored = await ctx.db.db
      .select({ id: tables.employees.id, email: tables.employees.email, leaderId: tables.employees.leaderId, unitId: tables.employees.unitId })
      .from(tables.employees)
      .where(eq(tables.employees.engagementId, id))
      .orderBy(asc(tables.employees.id));
    expect(stored).toHaveLength(PEOPLE);
    // Ids ascend in file order, and every leader line points at the person the file named.
    expect(stored.map((e) => e.email)).toEqual(Array.from({ length: PEOPLE }, (_, i) => `p${i}@big.test`));
    const idOf = new Map(stored.map((e) => [e.email, e.id]));
    expect(stored.filter((e, i) => e.leaderId !== (i === 0 ? null : idOf.get(`p${Math.floor((i - 1) / 10)}@big.test`)))).toEqual([]);
    expect(new Set(stored.map((e) => e.unitId)).size).toBe(200);
    // The same file again: everyone kept (updated in place), no one added or removed.
    const again = await upload(id, file);
    expect(again.json()).toMatchObject({ created_count: 0, updated_count: PEOPLE, removed_count: 0 });
    const [after] = await ctx.db.db.select({ n: sql<number>`count(*)::int`, first: sql<number>`min(${tables.employees.id})::int` }).from(tables.employees).where(eq(tables.employees.engagementId, id));
    expect(after).toEqual({ n: PEOPLE, first: stored[0]?.id });
  });

  it('asks for the file in import_file (400) and for a multipart body (415)', async () => {
    const file = await workbookBuffer({ employees: [HEADER, ['A', 'a@acme.test']] });
    const wrongField = await upload(org.otherEngagementId, file, org.tokens.admin, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual({ import_file: ['Please choose an .xlsx file to upload.'] });
    const json = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.otherEngagementId}/employees/upload-excel/`, headers: authHeader(org.tokens.admin), payload: { import_file: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('will not remove employees once the survey has answers (409), but still adds and updates', async () => {
    const id = org.engagementId;
    await ctx.db.db.insert(tables.questions).values({ engagementId: id, key: 'q', category: 'trust', kind: 'personal', position: 0, texts: { en: 'Q?' } });
    const [question] = await ctx.db.db.select().from(tables.questions).where(eq(tables.questions.engagementId, id));
    await ctx.db.db.insert(tables.answers).values({ engagementId: id, employeeId: org.people.member, questionId: question?.id ?? 0, selectedEmployeeIds: [org.people.lead] });
    const before = await counts(id);
    const withoutMember = await workbookBuffer({ employees: [HEADER, ['Boss', `boss-${id}@x.test`], ['Lead', `lead-${id}@x.test`, null, `boss-${id}@x.test`]] });
    const refused = await upload(id, withoutMember);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('employees_have_answers');
    expect(refused.json().detail).toBe('The file leaves out 1 employee, but the survey has already started: employees cannot be removed once answers exist.');
    expect(await counts(id)).toEqual(before);
    const everyone = await workbookBuffer({
      employees: [HEADER, ['Big Boss', `boss-${id}@x.test`, 'Company'], ['Lead', `lead-${id}@x.test`, 'Team A', `boss-${id}@x.test`], ['Member', `member-${id}@x.test`, 'Team A', `lead-${id}@x.test`], ['New Hire', 'new@acme.test', 'Team A', `lead-${id}@x.test`]],
    });
    const res = await upload(id, everyone);
    expect(res.json()).toMatchObject({ created_count: 1, updated_count: 3, removed_count: 0 });
    const member = await ctx.db.db.select().from(tables.employees).where(eq(tables.employees.id, org.people.member));
    expect(member[0]?.userId).toBe(org.userIds.member);
  });

  it('is for engagement admins (403) of the organisation (404)', async () => {
    const file = await workbookBuffer({ employees: [HEADER, ['A', 'a@acme.test']] });
    expect((await upload(org.engagementId, file, org.tokens.lead)).statusCode).toBe(403);
    expect((await upload(org.engagementId, file, org.tokens.otherOrgAdmin)).statusCode).toBe(404);
    expect((await upload(org.otherOrgEngagementId, file)).statusCode).toBe(404);
  });
});
