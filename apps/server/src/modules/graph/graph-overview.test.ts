import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeGraphOverview, NO_UNIT_ID, OVERVIEW_NODE_PERSON, OVERVIEW_NODE_UNIT, ZGraphOverview, ZGraphVisualization, type GraphOverviewColumns, type TGraphOverview, type TGraphVisualization } from '@ona/contracts';
import { DEFAULT_MIN_GROUP_SIZE } from '../analytics-shared/privacy.ts';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const base = (id: number) => `/api/engagements/${id}`;
const overviewUrl = (query = '', id = org.engagementId) => `${base(id)}/graph-overview/${query ? `?${query}` : ''}`;

async function overview(query = '', token = org.tokens.admin): Promise<{ body: TGraphOverview; columns: GraphOverviewColumns }> {
  const res = await getAs(ctx, token, overviewUrl(query));
  expect(res.statusCode, res.body).toBe(200);
  const body = ZGraphOverview.parse(res.json());
  return { body, columns: decodeGraphOverview(body) };
}
async function people(query = '', token = org.tokens.admin): Promise<TGraphVisualization> {
  const res = await getAs(ctx, token, `${base(org.engagementId)}/graph-visualization/${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZGraphVisualization.parse(res.json());
}

/** The people view folded by hand into units: what the overview must answer. */
function foldedByUnit(view: TGraphVisualization): { members: Map<number, number>; ties: Map<string, number>; internal: Map<number, number> } {
  const unitOf = new Map(view.employees.map((e) => [e.id, e.unit ?? NO_UNIT_ID] as const));
  const members = new Map<number, number>();
  for (const e of view.employees) members.set(e.unit ?? NO_UNIT_ID, (members.get(e.unit ?? NO_UNIT_ID) ?? 0) + 1);
  const ties = new Map<string, number>();
  const internal = new Map<number, number>();
  for (const r of view.relations) {
    const a = unitOf.get(r.source)!;
    const b = unitOf.get(r.target)!;
    if (a === b) internal.set(a, (internal.get(a) ?? 0) + 1);
    else ties.set(`${a}>${b}`, (ties.get(`${a}>${b}`) ?? 0) + 1);
  }
  return { members, ties, internal };
}

function unitsOf(columns: GraphOverviewColumns) {
  const members = new Map<number, number>();
  const internal = new Map<number, number>();
  for (let i = 0; i < columns.kind.length; i++) {
    if (columns.kind[i] !== OVERVIEW_NODE_UNIT) continue;
    members.set(columns.id[i]!, columns.people[i]!);
    if (columns.internalTies[i]! > 0) internal.set(columns.id[i]!, columns.internalTies[i]!);
  }
  const ties = new Map<string, number>();
  for (let t = 0; t < columns.source.length; t++) ties.set(`${columns.id[columns.source[t]!]}>${columns.id[columns.target[t]!]}`, columns.weight[t]!);
  return { members, ties, internal };
}

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

describe('GET /engagements/{id}/graph-overview/', () => {
  it('draws each unit as one node sized by its people, the ties between units summed as the people view would count them', async () => {
    for (const query of ['', 'graph_type=trust', 'graph_type=opinion', 'edges=mutual', 'filter_generation=y']) {
      const { body, columns } = await overview(query);
      const expected = foldedByUnit(await people(query));
      expect(columns.kind.every((k) => k === OVERVIEW_NODE_UNIT), query).toBe(true);
      expect(unitsOf(columns), query).toEqual(expected);
      expect(columns.weight.reduce((a, b) => a + b, 0) + columns.internalTies.reduce((a, b) => a + b, 0), query).toBe(body.statistics.connection_count);
    }
    const { body, columns } = await overview();
    expect(columns.labels).toEqual(['Company', 'Sales', 'Support']);
    expect(body.statistics).toEqual((await people()).statistics);
    expect(body.open).toEqual([]);
    expect(body.graph_types).toHaveLength(9);
  });

  it('places a unit at the centroid of its people in the regular layout', async () => {
    const view = await people();
    const { columns } = await overview();
    const sales = view.employees.filter((e) => e.unit === org.units.sales);
    const i = columns.id.indexOf(org.units.sales);
    expect(columns.x[i]).toBeCloseTo(sales.reduce((s, e) => s + e.x, 0) / sales.length, 4);
    expect(columns.y[i]).toBeCloseTo(sales.reduce((s, e) => s + e.y, 0) / sales.length, 4);
  });

  it('opens a unit into its people, with their ties to the other units summed per person and unit', async () => {
    const view = await people();
    const { body, columns } = await overview(`open=${org.units.sales}`);
    expect(body.open).toEqual([org.units.sales]);
    const personIds = [...columns.id].filter((_, i) => columns.kind[i] === OVERVIEW_NODE_PERSON).sort((a, b) => a - b);
    expect(personIds).toEqual(view.employees.filter((e) => e.unit === org.units.sales).map((e) => e.id).sort((a, b) => a - b));
    expect([...columns.id].filter((_, i) => columns.kind[i] === OVERVIEW_NODE_UNIT).sort()).toEqual([org.units.company, org.units.support].sort());
    // Every tie of the people view is in the overview once: between two Sales people as itself, otherwise summed.
    const key = (id: number) => (view.employees.find((e) => e.id === id)!.unit === org.units.sales ? `p${id}` : `u${view.employees.find((e) => e.id === id)!.unit}`);
    const expected = new Map<string, number>();
    let internal = 0;
    for (const r of view.relations) {
      const k = `${key(r.source)}>${key(r.target)}`;
      if (key(r.source) === key(r.target)) internal++;
      else expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    const got = new Map<string, number>();
    const nodeKey = (i: number) => `${columns.kind[i] === OVERVIEW_NODE_PERSON ? 'p' : 'u'}${columns.id[i]}`;
    for (let t = 0; t < columns.source.length; t++) got.set(`${nodeKey(columns.source[t]!)}>${nodeKey(columns.target[t]!)}`, columns.weight[t]!);
    expect(got).toEqual(expected);
    expect(columns.internalTies.reduce((a, b) => a + b, 0)).toBe(internal);
  });

  it('rest=none answers the opened people only, equal to the people view narrowed to that unit when decoded', async () => {
    const { columns } = await overview(`open=${org.units.sales}&open=${org.units.support}&open=${org.units.company}&rest=none`);
    const view = await people();
    expect(columns.kind.every((k) => k === OVERVIEW_NODE_PERSON)).toBe(true);
    const nodes = [...columns.id].map((id, i) => ({ id, label: columns.labels[i], unit: columns.unit[i], x: columns.x[i], y: columns.y[i] }));
    expect(nodes).toEqual(view.employees.map((e) => ({ id: e.id, label: e.label, unit: e.unit, x: Math.fround(e.x), y: Math.fround(e.y) })));
    const ties = [...columns.source].map((s, t) => ({ source: columns.id[s], target: columns.id[columns.target[t]!], mutual: columns.mutual[t] === 1, weight: columns.weight[t] }));
    expect(ties).toEqual(view.relations.map((r) => ({ source: r.source, target: r.target, mutual: r.mutual, weight: 1 })));
  });

  it('keeps a unit smaller than the anonymity threshold, as the people view draws its person', async () => {
    const { columns } = await overview();
    const company = columns.id.indexOf(org.units.company);
    expect(columns.people[company]).toBe(1);
    expect(columns.people[company]).toBeLessThan(DEFAULT_MIN_GROUP_SIZE);
    expect((await people()).employees.some((e) => e.unit === org.units.company)).toBe(true);
  });
});

describe('GET /engagements/{id}/graph-overview/ and access levels', () => {
  it('subtree: only the leader\'s subtree is counted, no tie naming the leader, named_by as on the people view', async () => {
    const view = await people('', org.tokens.leader);
    const { body, columns } = await overview('', org.tokens.leader);
    expect(unitsOf(columns)).toEqual(foldedByUnit(view));
    expect([...columns.people].reduce((a, b) => a + b, 0)).toBe(view.employees.length);
    expect(body.named_by).toEqual(view.named_by);
    expect(body.statistics).toEqual(view.statistics);
    // Opening the leader's own unit shows no tie pointing at them.
    const opened = await overview(`open=${org.units.sales}`, org.tokens.leader);
    const leaderNode = opened.columns.id.indexOf(org.people.leadA);
    expect(leaderNode).toBeGreaterThanOrEqual(0);
    expect([...opened.columns.target].includes(leaderNode)).toBe(false);
  });

  it('self_only: the member and the people they named, only their own ties', async () => {
    const view = await people('', org.tokens.member);
    const { columns } = await overview(`open=${org.units.sales}&open=${org.units.support}&open=${org.units.company}&rest=none`, org.tokens.member);
    expect([...columns.id].sort((a, b) => a - b)).toEqual(view.employees.map((e) => e.id).sort((a, b) => a - b));
    const own = columns.id.indexOf(view.own_employee_id!);
    expect([...columns.source].every((s) => s === own)).toBe(true);
    expect(columns.source.length).toBe(view.relations.length);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before analysis, 400 for a bad query', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, overviewUrl())).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, overviewUrl())).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, overviewUrl())).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, overviewUrl('', org.otherOrgEngagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, overviewUrl('', org.unanalysedEngagementId))).statusCode).toBe(409);
    expect((await getAs(ctx, org.tokens.admin, overviewUrl('open=abc'))).statusCode).toBe(400);
    expect((await getAs(ctx, org.tokens.admin, overviewUrl('rest=all'))).statusCode).toBe(400);
  });
});
