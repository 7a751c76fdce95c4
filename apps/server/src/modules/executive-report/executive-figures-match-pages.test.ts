import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { formatCount, formatShare, ZGraphVisualization, ZMetricsPage } from '@ona/contracts';
import { and, eq, tables } from '@ona/db';
import { analyseThroughApi, getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';
import { requireLatestAnalysis } from '../analytics-shared/latest-result.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;

/**
 * Sympathy (not a work question) ties team B's b1 and team A's a2 both ways, and b1 to a3 and a4,
 * so the network of every question and the work network the graph page opens with have different
 * mutual shares: a report that took the former (as it once did: 71 % against the page's 67.4 %)
 * fails here.
 */
async function addSympathyAcrossTeams(): Promise<void> {
  const { people, questionIds, engagementId } = org;
  const name = async (from: number, to: number[]) => {
    const answer = and(eq(tables.answers.engagementId, engagementId), eq(tables.answers.employeeId, from), eq(tables.answers.questionId, questionIds.sympathy));
    const [row] = await ctx.db.db.select({ named: tables.answers.selectedEmployeeIds }).from(tables.answers).where(answer);
    await ctx.db.db.update(tables.answers).set({ selectedEmployeeIds: [...(row?.named ?? []), ...to] }).where(answer);
  };
  await name(people.b1, [people.a2, people.a3, people.a4]);
  await name(people.a2, [people.b1]);
  await analyseThroughApi(ctx, engagementId, org.tokens.admin);
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
  await addSympathyAcrossTeams();
});
afterAll(async () => ctx.close());

/** The PDF's text by pdf.js (through unpdf), one string per page; no-break spaces read as spaces. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}
const spaced = (text: string) => text.replace(/\s+/g, ' ');

const ACCEPT: Record<'en' | 'hu' | 'de' | 'ru', string> = { en: 'en-US', hu: 'hu-HU', de: 'de-DE', ru: 'ru-RU' };

describe('the executive report PDF against the pages', () => {
  it('is checked on answers where every question and the work questions give different mutual shares', async () => {
    const all = (await requireLatestAnalysis(ctx.db.db, org.engagementId)).result.graph.statistics.mutualShare;
    const graph = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/`)).json());
    expect(Math.round(all * 1000) / 10).not.toBe(graph.statistics.mutual_percentage);
  });

  it.each(['en', 'hu', 'de', 'ru'] as const)('prints the graph page’s mutual share and the metrics page’s density in %s number format', async (locale) => {
    const graph = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/`, ACCEPT[locale])).json());
    const metrics = ZMetricsPage.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/metrics/?network=work`, ACCEPT[locale])).json());
    const density = metrics.network.figures.find((figure) => figure.id === 'density')?.value;
    expect(density).toBeTypeOf('number');
    const res = await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/executive-report/export/`, ACCEPT[locale]);
    expect(res.statusCode).toBe(200);
    const [first] = await pdfPages(res.rawPayload);
    const mutual = spaced(formatShare(graph.statistics.mutual_percentage! / 100, locale));
    expect(graph.statistics.connection_count).toBeGreaterThan(0);
    expect(first).toContain(mutual);
    expect(first).toContain(spaced(formatShare(density!, locale)));
    // Only the reader's decimal separator: no English "67.4%" in a German report.
    if (locale !== 'en') expect(first).not.toMatch(/\d\.\d\s?%/);
  });

  it('writes the same share the page shows in the figure row of the report', async () => {
    const graph = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/`, 'de-DE')).json());
    const [first] = await pdfPages((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/executive-report/export/`, 'de-DE')).rawPayload);
    expect(first).toContain(`Anteil gegenseitiger Beziehungen ${spaced(formatShare(graph.statistics.mutual_percentage! / 100, 'de'))}`);
  });

  it('explains the picture’s colours: every unit in it, with its head count', async () => {
    const graph = ZGraphVisualization.parse((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/graph-visualization/`, 'en-US')).json());
    const pages = await pdfPages((await getAs(ctx, org.tokens.admin, `/api/engagements/${org.engagementId}/executive-report/export/`, 'en-US')).rawPayload);
    const network = pages[2]!;
    expect(network).toContain('Colours: units (people in the picture)');
    const units = new Map(graph.units.map((u) => [u.id, u.name]));
    const counts = new Map<string, number>();
    for (const person of graph.employees) {
      const name = person.unit === null ? 'No unit' : units.get(person.unit)!;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThan(1);
    for (const [name, count] of counts) expect(network).toContain(`${name} ${formatCount(count, 'en')}`);
  });
});
