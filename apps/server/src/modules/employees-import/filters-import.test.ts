import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomAttribute } from '@ona/contracts';
import { asc, eq, tables } from '@ona/db';
import { authHeader, createTestApp, type TestContext } from '../../testing/test-app.ts';
import { createSurveyOrganisation, type SurveyOrganisation } from '../survey/survey-test-setup.ts';
import { multipartFile, readWorkbook, workbookBuffer } from './multipart-body.ts';

let ctx: TestContext;
let org: SurveyOrganisation;
const importFilters = (file: Buffer, token = org.tokens.admin) => {
  const { payload, headers } = multipartFile(file);
  return ctx.app.inject({ method: 'POST', url: `/api/engagements/${org.engagementId}/filters/import/`, headers: { ...authHeader(token), ...headers }, payload });
};
const attributes = async () =>
  (await ctx.db.db.select({ name: tables.employees.name, attributes: tables.employees.attributes }).from(tables.employees).where(eq(tables.employees.engagementId, org.engagementId)).orderBy(asc(tables.employees.id))).map((r) => [r.name, r.attributes]);
const email = (who: string) => `${who}-${org.engagementId}@x.test`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await createSurveyOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('filters (custom attributes)', () => {
  it('offers a template with instructions and the e-mail column', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/filters/template/`, headers: authHeader(org.tokens.admin) });
    expect(res.statusCode).toBe(200);
    const workbook = await readWorkbook(res.rawPayload);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['instructions', 'filters']);
    expect(workbook.getWorksheet('filters')?.getRow(1).getCell(1).value).toBe('email');
  });

  it('sets the attributes of the listed employees and lists them as filters', async () => {
    const res = await importFilters(await workbookBuffer({ filters: [['email', 'location', 'contract type'], [email('boss'), 'Budapest', 'full'], [email('lead').toUpperCase(), 'Vienna', 12]] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated_count: 2, attributes: ['location', 'contract type'] });
    expect(await attributes()).toEqual([
      ['Boss', { location: 'Budapest', 'contract type': 'full' }],
      ['Lead', { location: 'Vienna', 'contract type': '12' }],
      ['Member', {}],
    ]);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/engagements/${org.engagementId}/filters/`, headers: authHeader(org.tokens.admin) });
    expect(list.json<TCustomAttribute[]>().map((a) => a.key)).toEqual(['contract type', 'location']);
  });

  it('merges a later file: other attributes stay, an empty cell removes one', async () => {
    await importFilters(await workbookBuffer({ filters: [['email', 'location', 'shift'], [email('boss'), null, 'night']] }));
    expect((await attributes())[0]).toEqual(['Boss', { 'contract type': 'full', shift: 'night' }]);
  });

  it('refuses unknown or duplicate e-mails and a file without attribute columns, storing nothing', async () => {
    const before = await attributes();
    const bad = await importFilters(await workbookBuffer({ filters: [['email', 'location'], ['stranger@acme.test', 'X'], [email('lead'), 'A'], [email('lead'), 'B'], ['nope', 'C']] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      row_2: ['No employee of this engagement has the e-mail address stranger@acme.test.'],
      row_3: [`The e-mail address ${email('lead')} appears more than once.`],
      row_4: [`The e-mail address ${email('lead')} appears more than once.`],
      row_5: ['"email" is not a valid e-mail address.'],
    });
    const noAttributes = await importFilters(await workbookBuffer({ filters: [['email'], [email('boss')]] }));
    expect(noAttributes.json().errors).toEqual({ row_1: ['Add at least one attribute column after the e-mail column.'] });
    expect((await importFilters(Buffer.from('%PDF-1.4'))).statusCode).toBe(415);
    expect(await attributes()).toEqual(before);
  });

  it('is for engagement admins (403) of the organisation (404)', async () => {
    const file = await workbookBuffer({ filters: [['email', 'location'], [email('boss'), 'X']] });
    expect((await importFilters(file, org.tokens.member)).statusCode).toBe(403);
    expect((await importFilters(file, org.tokens.otherOrgAdmin)).statusCode).toBe(404);
  });
});
