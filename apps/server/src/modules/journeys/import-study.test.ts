import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NICE_ANSWER_COLUMNS, NICE_EMPLOYEE_COLUMNS, NICE_QUESTION_COLUMNS, NICE_UNIT_COLUMNS, type TEngagement, type TGraphVisualization, type TKeyPeopleListPage } from '@ona/contracts';
import { readKrackhardtCsv } from '../../demo/read-krackhardt-files.ts';
import { createOrganization, createUser, FIXTURE_PASSWORD } from '../../testing/fixtures.ts';
import { authHeader, createTestApp, loginAs, type TestContext } from '../../testing/test-app.ts';
import { multipartFile, workbookBuffer } from '../employees-import/multipart-body.ts';
import { defaultQuestionnaire } from '../survey/default-questionnaire.ts';
import { dayFromToday } from '../survey/survey-test-setup.ts';

/**
 * Issue 15, item 4: an analyst imports a published study into a brand-new organisation and gets
 * the reports. The study is Krackhardt's high-tech managers (1987; 21 managers, advice and
 * friendship ties, the reporting tree), from the CSV files of shared/datasets copied beside the
 * demo. Names and e-mails are made from the data set's ids, so every figure traces back to it.
 */
let ctx: TestContext;
let token: string;

const csvRows = (text: string): string[][] => text.trim().split(/\r?\n/).slice(1).map((line) => line.split(','));
const nameOf = (id: string) => `Manager ${id}`;
const emailOf = (id: string) => `${id}@krackhardt.example`;

/** The nice-Excel workbook of the study: people, units (the departments), two questions, the ties. */
async function krackhardtWorkbook(): Promise<{ file: Buffer; people: string[]; ties: number }> {
  const csv = readKrackhardtCsv();
  const nodes = csvRows(csv.nodes).map(([id, , , , dept, manager]) => ({ id: id as string, dept: Number(dept), manager: manager || null }));
  const unitName = (dept: number) => (dept === 0 ? 'Top management' : `Department ${dept}`);
  const depts = [...new Set(nodes.map((n) => n.dept))].sort((a, b) => a - b);
  const units = depts.map((dept) => [dept + 1, unitName(dept), dept === 0 ? null : 1]);
  const employees = nodes.map((n, i) => [i + 1, nameOf(n.id), emailOf(n.id), unitName(n.dept), n.manager ? emailOf(n.manager) : null, null, null, null]);
  const defaults = defaultQuestionnaire();
  const question = (key: string) => {
    const q = defaults.find((d) => d.key === key);
    if (!q) throw new Error(`no default question ${key}`);
    return [q.key, q.category, q.kind, q.texts.en];
  };
  // Advice is the advice question; friendship the sympathy question (as the demo reads it).
  const tieSets = [['advice', csvRows(csv.advice)], ['sympathy', csvRows(csv.friendship)]] as const;
  const answers: (string | null)[][] = [];
  for (const [key, ties] of tieSets) {
    for (const node of nodes) {
      const named = ties.filter(([source]) => source === node.id).map(([, target]) => target as string);
      // Someone who named nobody still answered: one row without a colleague.
      if (named.length === 0) answers.push([emailOf(node.id), key, null]);
      for (const target of named) answers.push([emailOf(node.id), key, emailOf(target)]);
    }
  }
  const file = await workbookBuffer({
    employees: [[...NICE_EMPLOYEE_COLUMNS], ...employees],
    units: [[...NICE_UNIT_COLUMNS], ...units],
    questions: [[...NICE_QUESTION_COLUMNS], question('advice'), question('sympathy')],
    answers: [[...NICE_ANSWER_COLUMNS], ...answers],
  });
  return { file, people: nodes.map((n) => nameOf(n.id)), ties: tieSets.reduce((sum, [, ties]) => sum + ties.length, 0) };
}

const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: { ...authHeader(token), 'accept-language': 'en-US' }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  ctx = await createTestApp();
  // A new customer: an organisation with no journeys and its first administrator.
  const org = await createOrganization(ctx.db.db, 'Krackhardt Manufacturing');
  await createUser(ctx.db.db, { email: 'analyst@krackhardt.example', name: 'Ann Analyst', organizationIds: [org.id], permissions: ['engagement_admin'] });
  token = await loginAs(ctx.app, 'analyst@krackhardt.example', FIXTURE_PASSWORD);
});
afterAll(async () => ctx.close());

describe('importing a published study into a new journey', () => {
  it('creates the journey, imports the workbook, runs the analysis, and key people and the graph show the imported people', async () => {
    expect((await call('GET', '/engagements/')).json()).toEqual([]);
    const created = await call('POST', '/engagements/', {
      name: 'Krackhardt high-tech managers (1987)',
      access_from: dayFromToday(-30),
      access_till: dayFromToday(0),
      default_language: 'en',
      modules: ['survey', 'graph_visualization', 'key_people_analytics', 'leader_reports', 'retention_analytics'],
      questionnaire: { source: 'empty' },
    });
    expect(created.statusCode).toBe(201);
    const journey = created.json<TEngagement>();
    expect(journey.survey.question_count).toBe(0);

    const { file, people, ties } = await krackhardtWorkbook();
    const { payload, headers } = multipartFile(file);
    const imported = await ctx.app.inject({ method: 'POST', url: `/api/engagements/${journey.id}/import_nice_excel/`, headers: { ...authHeader(token), ...headers }, payload });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ employee_count: 21, unit_count: 5, question_count: 2, nomination_count: ties });
    expect(ties).toBe(190 + 102);

    const run = await call('POST', `/engagements/${journey.id}/run-analysis/`);
    expect(run.statusCode).toBe(202);
    ctx.app.analysisJobs.wake();
    await ctx.app.analysisJobs.idle();
    const runs = (await call('GET', `/engagements/${journey.id}/analysis-runs/`)).json<{ status: string; error: string | null }[]>();
    expect(runs[0]).toMatchObject({ status: 'done', error: null });

    const details = (await call('GET', `/engagements/${journey.id}/`)).json<TEngagement>();
    expect(details).toMatchObject({ state: 'analysed', participant_count: 21, answer_count: 21, has_answers: true });

    const keyPeople = await call('GET', `/engagements/${journey.id}/key-people-analytics/?page_size=500`);
    expect(keyPeople.statusCode, keyPeople.body).toBe(200);
    const keyResults = keyPeople.json<TKeyPeopleListPage>().data;
    expect(keyResults.map((r) => r.employee.name).sort()).toEqual([...people].sort());
    expect(keyResults.some((r) => r.is_key_person)).toBe(true);

    const graph = await call('GET', `/engagements/${journey.id}/graph-visualization/?graph_type=work_info`);
    expect(graph.statusCode, graph.body).toBe(200);
    const view = graph.json<TGraphVisualization>();
    expect(view.employees.map((e) => e.label).sort()).toEqual([...people].sort());
    expect(view.relations.length).toBeGreaterThan(0);
  });
});
