import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@ona/db';
import { analyseThroughApi, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { countRequestStatements } from '../../testing/count-statements.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { authHeader, createTestApp } from '../../testing/test-app.ts';
import { addEarlierWave, type EarlierWave } from '../../testing/wave-fixtures.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let org: AnalyticsOrganisation;
let earlier: EarlierWave;
const report = (locale = 'en-US') =>
  countRequestStatements(ctx, { method: 'GET', url: `/api/engagements/${org.engagementId}/executive-report/export/`, headers: { ...authHeader(org.tokens.admin), 'accept-language': locale } });
/** Reads of a journey's questions: the comparison reads both journeys' (the graph part reads them too). */
const questionReads = (statements: string[]) => statements.filter((s) => /from "questions"/i.test(s)).length;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  earlier = await addEarlierWave(ctx, org);
}, 600_000);
afterAll(async () => ctx.close());

describe('the what-changed page of the executive report', () => {
  it('writes numbers and dates as the reader’s language does, like the other pages', async () => {
    const german = pdfText((await report('de-DE')).response.rawPayload);
    const changed = german.slice(german.indexOf('Was sich seit Acme autumn 2025 verändert hat'));
    expect(changed).toMatch(/Die frühere Welle wurde am \d{1,2}\. [A-Za-zä]+ \d{4} ausgewertet\./);
    expect(changed).toMatch(/Antwortquote \d{1,3},\d % \d{1,3},\d % [+−-]?\d+,\d/);
    expect(changed).not.toMatch(/\d\.\d%/);
    const hungarian = pdfText((await report('hu-HU')).response.rawPayload);
    expect(hungarian).toMatch(/\d{4}\. [a-zá-ű]+ \d{1,2}\./);
    expect(hungarian).toMatch(/\d{1,3},\d% \d{1,3},\d% [+−-]?\d+,\d/);
    expect(hungarian).not.toMatch(/\d\.\d%/);
  }, 600_000);

  it('is built once: another request does not compare the journeys again; a new run or a write on the earlier journey does', async () => {
    const first = await report();
    expect(first.response.statusCode).toBe(200);
    expect(pdfText(first.response.rawPayload)).toContain('What changed since Acme autumn 2025');
    const second = await report();
    expect(pdfText(second.response.rawPayload)).toContain('Stayed: 11, joined: 1, left: 1.');
    expect(second.statements.length).toBeLessThan(first.statements.length);
    expect(questionReads(second.statements)).toBe(questionReads(first.statements) - 2);

    await analyseThroughApi(ctx, org.engagementId, org.tokens.admin);
    const afterRun = await report();
    expect(questionReads(afterRun.statements)).toBe(questionReads(first.statements));

    await ctx.db.db.update(tables.employees).set({ name: 'Person x1 renamed' }).where(eq(tables.employees.id, earlier.people.x1));
    const afterWrite = await report();
    expect(questionReads(afterWrite.statements)).toBe(questionReads(first.statements));
    expect(questionReads((await report()).statements)).toBe(questionReads(first.statements) - 2);
  }, 600_000);
});
