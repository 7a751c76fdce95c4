import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRetentionEmployee, TRetentionOrgChart, TRetentionOrgChartPerson } from '@ona/contracts';
import { eq, tables } from '@ona/db';
import { getAs, setUpAnalysedOrganisation, type AnalyticsOrganisation } from '../../testing/analytics-fixtures.ts';
import { retentionWithPeople, type RetentionWithPeople } from '../../testing/retention-people.ts';
import { createTestApp, type TestContext } from '../../testing/test-app.ts';

let ctx: TestContext;
let org: AnalyticsOrganisation;
const wholeUrl = (id: number) => `/api/engagements/${id}/retention-analytics-results/`;
const chartUrl = (id: number, leaders: readonly number[] = []) => `/api/engagements/${id}/retention-analytics-results/org-chart/${leaders.length === 0 ? '' : `?${leaders.map((l) => `leader=${l}`).join('&')}`}`;

beforeAll(async () => {
  ctx = await createTestApp();
  org = await setUpAnalysedOrganisation(ctx);
});
afterAll(async () => ctx.close());

type Drawn = { id: number; level: number | null; below: number; highest: number | null; children: Drawn[] };

/** The tree the browser built from the whole answer before (apps/web leader-tree.ts as it was). */
function browserTree(whole: RetentionWithPeople): Drawn[] {
  const byId = new Map(whole.employees.map((e) => [e.id, e]));
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const placed = new Set<number>();
  type Node = { employee: TRetentionEmployee; children: Node[]; subtreeSize: number; highestBelow: number };
  const order = (a: Node, b: Node) => (b.employee.risk_level ?? -1) - (a.employee.risk_level ?? -1) || collator.compare(a.employee.name, b.employee.name) || a.employee.id - b.employee.id;
  const grow = (employee: TRetentionEmployee): Node => {
    placed.add(employee.id);
    const children: Node[] = [];
    for (const reportId of employee.direct_reports) {
      const report = byId.get(reportId);
      if (report && !placed.has(report.id)) children.push(grow(report));
    }
    children.sort(order);
    return {
      employee,
      children,
      subtreeSize: children.reduce((sum, child) => sum + 1 + child.subtreeSize, 0),
      highestBelow: children.reduce((highest, child) => Math.max(highest, child.employee.risk_level ?? -1, child.highestBelow), -1),
    };
  };
  const roots: Node[] = [];
  for (const id of whole.root_employees) {
    const employee = byId.get(id);
    if (employee && !placed.has(id)) roots.push(grow(employee));
  }
  for (const employee of whole.employees) if (!placed.has(employee.id)) roots.push(grow(employee));
  const drawn = (node: Node): Drawn => ({ id: node.employee.id, level: node.employee.risk_level, below: node.subtreeSize, highest: node.highestBelow < 0 ? null : node.highestBelow, children: node.children.map(drawn) });
  return roots.sort(order).map(drawn);
}

/** The tree as the org chart loads it: the tops, then each level's branches in one request. */
async function loadedTree(token: string): Promise<{ tree: Drawn[]; requests: number; visible: number }> {
  const first = (await getAs(ctx, token, chartUrl(org.engagementId))).json<TRetentionOrgChart>();
  const childrenOf = new Map<number, TRetentionOrgChartPerson[]>();
  let level = first.people;
  let requests = 1;
  while (level.length > 0) {
    const leaders = level.filter((p) => p.direct_reports > 0).map((p) => p.id);
    if (leaders.length === 0) break;
    const res = await getAs(ctx, token, chartUrl(org.engagementId, leaders));
    expect(res.statusCode).toBe(200);
    requests += 1;
    const answer = res.json<TRetentionOrgChart>();
    for (const leader of leaders) childrenOf.set(leader, answer.people.filter((p) => p.parent === leader));
    level = answer.people;
  }
  const drawn = (person: TRetentionOrgChartPerson): Drawn => {
    const children = childrenOf.get(person.id) ?? [];
    expect(children).toHaveLength(person.direct_reports);
    return { id: person.id, level: person.risk_level, below: person.below, highest: person.highest_below, children: children.map(drawn) };
  };
  expect(first.people.every((p) => p.parent === null)).toBe(true);
  return { tree: first.people.map(drawn), requests, visible: first.visible };
}

describe('GET /engagements/{id}/retention-analytics-results/org-chart/ (the leader tree, a branch at a time)', () => {
  for (const reader of ['admin', 'leader', 'member'] as const) {
    it(`loads for ${reader === 'admin' ? 'the admin' : reader === 'leader' ? 'a subtree leader' : 'a self-only reader'} the tree the browser drew from the whole answer, a level per request`, async () => {
      const whole = await retentionWithPeople(ctx, org.tokens[reader], org.engagementId);
      const { tree, visible } = await loadedTree(org.tokens[reader]);
      expect(tree).toEqual(browserTree(whole));
      expect(visible).toBe(whole.employees.length);
    });
  }

  it('names units, and gives nobody under a leader the caller does not see', async () => {
    const top = (await getAs(ctx, org.tokens.leader, chartUrl(org.engagementId))).json<TRetentionOrgChart>();
    expect(top.people.map((p) => p.id)).toEqual([org.people.leadA]);
    expect(top.people[0]).toMatchObject({ unit_name: 'Sales', below: 6, direct_reports: 6, parent: null });
    const outside = (await getAs(ctx, org.tokens.leader, chartUrl(org.engagementId, [org.people.ceo, org.people.leadB]))).json<TRetentionOrgChart>();
    expect(outside.people).toEqual([]);
  });

  it('answers 403 for no_access and module_disabled, 404 for another organisation, 409 before any analysis', async () => {
    expect((await getAs(ctx, org.tokens.noAccess, chartUrl(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.disabled, chartUrl(org.engagementId))).statusCode).toBe(403);
    expect((await getAs(ctx, org.tokens.otherOrg, chartUrl(org.engagementId))).statusCode).toBe(404);
    expect((await getAs(ctx, org.tokens.admin, chartUrl(org.unanalysedEngagementId))).statusCode).toBe(409);
  });

  it('under "aggregate risk only for leaders" draws the leader’s tree without levels, by name', async () => {
    await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: true }).where(eq(tables.engagements.id, org.engagementId));
    try {
      const whole = await retentionWithPeople(ctx, org.tokens.leader, org.engagementId);
      expect(whole.individual_risk_withheld).toBe(true);
      const { tree } = await loadedTree(org.tokens.leader);
      expect(tree).toEqual(browserTree(whole));
      expect(tree[0]?.highest).toBeNull();
    } finally {
      await ctx.db.db.update(tables.engagements).set({ aggregateRiskOnlyForLeaders: false }).where(eq(tables.engagements.id, org.engagementId));
    }
  });
});
