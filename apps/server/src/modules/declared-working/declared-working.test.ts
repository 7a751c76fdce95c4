import { beforeAll, describe, expect, it } from 'vitest';
import { nominationsByIds, runAnalysis, spearman, type CollaborationTieInput, type NominationByIds } from '@ona/analytics';
import type { TDeclaredWorking } from '@ona/contracts';
import { and, eq, tables } from '@ona/db';
import { useAnalysedOrganisation } from '../../testing/analysed-app.ts';
import { everyModule, getAs, type AnalyticsOrganisation, type PersonKey } from '../../testing/analytics-fixtures.ts';
import { createUser, FIXTURE_PASSWORD, grantAccess } from '../../testing/fixtures.ts';
import { loginAs, type TestContext } from '../../testing/test-app.ts';
import { loadAnalysisInput } from '../analysis/analysis-input.ts';
import { centralAndPeripheral } from './declared-working-view.ts';
import { unitTree } from '../analytics-shared/unit-tree.ts';

/**
 * A run with known survey and collaboration ties (docs/collaboration-network.md, "Declared against
 * working network"). Survey (cooperation, a work question): a1..a5 → leadA, a1 → a2, a2 → a3,
 * leadA → ceo, leadB → ceo, b1 → b2, b1 → a1; and a4 → a5 on the personal question (not work).
 * Collaboration: a1–a2, a2–a3, leadA–ceo, b1–b2 (named too), a3–a4, a4–a5, a5–a1, a4–a1, b2–a5,
 * leadB–b1 (met, not named).
 */
const SURVEY: [PersonKey, PersonKey][] = [['a1', 'leadA'], ['a2', 'leadA'], ['a3', 'leadA'], ['a4', 'leadA'], ['a5', 'leadA'], ['a1', 'a2'], ['a2', 'a3'], ['leadA', 'ceo'], ['leadB', 'ceo'], ['b1', 'b2'], ['b1', 'a1']];
const MET: [PersonKey, PersonKey][] = [['a1', 'a2'], ['a2', 'a3'], ['leadA', 'ceo'], ['b1', 'b2'], ['a3', 'a4'], ['a4', 'a5'], ['a5', 'a1'], ['a4', 'a1'], ['b2', 'a5'], ['leadB', 'b1']];

let ctx: TestContext;
let org: AnalyticsOrganisation;
useAnalysedOrganisation((c, o) => {
  ctx = c;
  org = o;
});

const url = (engagementId: number) => `/api/engagements/${engagementId}/declared-vs-working/`;
const read = async (token: string, engagementId = org.engagementId) => {
  const res = await getAs(ctx, token, url(engagementId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TDeclaredWorking>();
};
const setMinimum = (minimum: number) => ctx.db.db.update(tables.engagements).set({ minGroupSize: minimum }).where(eq(tables.engagements.id, org.engagementId));

async function storeRunWithCollaboration(): Promise<void> {
  const input = await loadAnalysisInput(ctx.db.db, org.engagementId);
  const id = (key: PersonKey) => String(org.people[key]);
  const nominations: NominationByIds[] = SURVEY.map(([from, to]) => ({ questionId: String(org.questionIds.cooperation), sourceId: id(from), targetId: id(to) }));
  nominations.push({ questionId: String(org.questionIds.personal), sourceId: id('a4'), targetId: id('a5') });
  const ties: CollaborationTieInput[] = MET.map(([a, b]) => {
    const [source, target] = [id(a), id(b)].sort();
    return { source: source!, target: target!, interactions: 3, fromSource: 2, fromTarget: 1, met: 0 };
  });
  const collaboration = { fromWeek: '2026-02-23', toWeek: '2026-03-16', coveredEmployeeIds: input.employees.map((e) => e.id), ties };
  const result = runAnalysis({ ...input, nominations: nominationsByIds(input.employees, input.questions, nominations), collaboration });
  await ctx.db.db.insert(tables.analysisRuns).values({ engagementId: org.engagementId, status: 'done', progress: 100, step: 'done', result, finishedAt: new Date() });
}

describe('declared against working network', () => {
  it('answers an empty state, not an error, when the run has no collaboration data', async () => {
    const answer = await read(org.tokens.admin);
    expect(answer.collaboration).toBeNull();
    expect(answer.units).toEqual([]);
    expect(answer.people).toBeNull();
    expect(answer.graph).toBeNull();
  });

  describe('with a run of known ties', () => {
    beforeAll(async () => {
      await storeRunWithCollaboration();
      await setMinimum(3);
    }, 120_000);

    it('counts per unit the pairs named but not met, met but not named, and both; withholds a unit below the minimum and the one that would give it away', async () => {
      const answer = await read(org.tokens.admin);
      expect(answer.collaboration).toEqual({ from_week: '2026-02-23', to_week: '2026-03-16', covered_employees: 12, employees: 12 });
      const unit = (id: number) => answer.units.find((u) => u.unit.id === id)!;
      expect(unit(org.units.sales)).toMatchObject({ parent: org.units.company, direct_members: 7, members: 7, respondents: 6, named_not_met: 6, met_not_named: 5, both: 3, central_in_survey_only: 1, central_in_collaboration_only: 2, withheld: false });
      // The company's row covers both teams: every pair of the run (11 named, 10 met, 4 of them both).
      expect(unit(org.units.company)).toMatchObject({ parent: null, direct_members: 1, members: 12, respondents: 10, named_not_met: 7, met_not_named: 6, both: 4, central_in_survey_only: 1, central_in_collaboration_only: 2, withheld: false });
      // The CEO alone (the company's direct members, one respondent) would be the company minus
      // both teams, so Support (3), the smaller team, is withheld as well.
      expect(unit(org.units.support)).toMatchObject({ parent: org.units.company, members: 4, respondents: 3, named_not_met: null, met_not_named: null, withheld: true, withheld_reason: { code: 'protects_withheld_group', minimum: 3 } });
    });

    it('shows a unit with its sub-units at the default minimum of five, where its teams alone are too small', async () => {
      await setMinimum(5);
      try {
        const answer = await read(org.tokens.admin);
        const unit = (id: number) => answer.units.find((u) => u.unit.id === id)!;
        expect(unit(org.units.company)).toMatchObject({ respondents: 10, named_not_met: 7, met_not_named: 6, both: 4, withheld: false });
        expect(unit(org.units.support)).toMatchObject({ named_not_met: null, withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 } });
        // Sales (6) shown beside the company (10) would leave Support with the CEO: 4 respondents.
        expect(unit(org.units.sales)).toMatchObject({ named_not_met: null, withheld: true, withheld_reason: { code: 'difference_below_minimum', minimum: 5 } });
      } finally {
        await setMinimum(3);
      }
    });

    it('gives both degrees per person, the rank correlations, and names who is central in one network and peripheral in the other', async () => {
      const answer = await read(org.tokens.admin);
      const byKey = (key: PersonKey) => answer.people!.find((p) => p.employee.id === org.people[key]);
      expect(byKey('leadA')).toMatchObject({ survey_in_degree: 5, collaboration_degree: 1 });
      expect(byKey('a4')).toMatchObject({ survey_in_degree: 0, collaboration_degree: 3 });
      expect(answer.people).toHaveLength(12);
      expect(answer.central_in_survey_only!.map((p) => p.employee.id)).toEqual([org.people.leadA]);
      expect(answer.central_in_collaboration_only!.map((p) => p.employee.id).sort()).toEqual([org.people.a4, org.people.a5].sort());
      // scipy.stats.spearmanr([2,5,1,1,1,0,0,0,0,0,1,0], [1,1,3,2,2,3,3,0,1,2,2,0]).statistic (SciPy 1.x):
      // the in-degrees of ceo, leadA, a1..a6, leadB, b1..b3 in the survey and in the collaboration network.
      const inDegree = answer.correlations.find((c) => c.centrality === 'in_degree')!;
      expect(inDegree.rho).toBeCloseTo(-0.019710872665892536, 10);
      expect(inDegree.people).toBe(12);
      expect(answer.correlations_withheld).toBe(false);
      for (const centrality of ['betweenness', 'pagerank'] as const) expect(answer.correlations.find((c) => c.centrality === centrality)?.rho).toEqual(expect.any(Number));
    });

    it('draws each pair once with whether it is in the survey only, in collaboration only, or in both', async () => {
      const answer = await read(org.tokens.admin);
      const status = (a: PersonKey, b: PersonKey) => answer.graph!.edges.find((e) => e.source === Math.min(org.people[a], org.people[b]) && e.target === Math.max(org.people[a], org.people[b]))?.status;
      expect(answer.graph!.edges).toHaveLength(17);
      expect(status('a1', 'leadA')).toBe('survey_only');
      expect(status('a4', 'a5')).toBe('collaboration_only');
      expect(status('leadA', 'ceo')).toBe('both');
      expect(answer.graph!.nodes).toHaveLength(12);
    });

    it('shows a leader their subtree without their own pairs, and a member only themself', async () => {
      const leader = await read(org.tokens.leader);
      expect(leader.units.map((u) => u.unit.id)).toEqual([org.units.sales]);
      expect(leader.units[0]).toMatchObject({ named_not_met: 0, met_not_named: 4, both: 2, withheld: false });
      expect(leader.graph!.edges.some((e) => e.source === org.people.leadA || e.target === org.people.leadA)).toBe(false);
      expect(leader.graph!.edges).toHaveLength(6);
      expect(leader.people!.map((p) => p.employee.id).sort()).toEqual(['leadA', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((k) => org.people[k as PersonKey]).sort());

      const member = await read(org.tokens.member);
      expect(member.units).toEqual([]);
      expect(member.correlations_withheld).toBe(true);
      expect(member.correlations.every((c) => c.rho === null)).toBe(true);
      expect(member.people!.map((p) => p.employee.id)).toEqual([org.people.a2]);
      expect(member.graph).toBeNull();
    });

    it('names nobody without the individual reports right, and draws nothing without the graph view', async () => {
      const user = await createUser(ctx.db.db, { email: 'analyst@acme.test', organizationIds: [org.orgId] });
      await grantAccess(ctx.db.db, org.engagementId, user.id, { ...everyModule('all_access'), individual_reports: 'no_access', graph_visualization: 'no_access' });
      const token = await loginAs(ctx.app, user.email, FIXTURE_PASSWORD);
      const answer = await read(token);
      expect(answer.people).toBeNull();
      expect(answer.central_in_survey_only).toBeNull();
      expect(answer.central_in_collaboration_only).toBeNull();
      expect(answer.graph).toBeNull();
      expect(answer.units.find((u) => u.unit.id === org.units.sales)).toMatchObject({ central_in_survey_only: 1, central_in_collaboration_only: 2 });
      expect(JSON.stringify(answer)).not.toContain('Person leadA');
    });

    it('refuses callers without the module, another organisation, and writes each read to the audit log', async () => {
      expect((await getAs(ctx, org.tokens.noAccess, url(org.engagementId))).statusCode).toBe(403);
      expect((await getAs(ctx, org.tokens.disabled, url(org.engagementId))).statusCode).toBe(403);
      expect((await getAs(ctx, org.tokens.otherOrg, url(org.engagementId))).statusCode).toBe(404);
      expect((await getAs(ctx, org.tokens.admin, url(org.unanalysedEngagementId))).statusCode).toBe(409);
      const entries = () => ctx.db.db.select().from(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, org.orgId), eq(tables.auditEntries.action, 'declared_working.read')));
      const before = (await entries()).length;
      await read(org.tokens.admin);
      const after = await entries();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ engagementId: org.engagementId, outcome: 'success' });
    });
  });
});

describe('the unit tree the rows follow', () => {
  it('gives each unit its subtree and its line up to the top, and survives a cycle in bad data', () => {
    const tree = unitTree([{ id: 1, parentId: null }, { id: 2, parentId: 1 }, { id: 3, parentId: 2 }, { id: 4, parentId: 1 }, { id: 5, parentId: 99 }, { id: 6, parentId: 7 }, { id: 7, parentId: 6 }]);
    expect([...tree.subtreeOf(1)].sort()).toEqual([1, 2, 3, 4]);
    expect(tree.lineOf(3)).toEqual([3, 2, 1]);
    expect(tree.childrenOf(1)).toEqual([2, 4]);
    // A parent outside the journey ends the line; a cycle stops where it closes.
    expect(tree.lineOf(5)).toEqual([5]);
    expect(tree.lineOf(6)).toEqual([6, 7]);
  });
});

describe('central in one network, peripheral in the other', () => {
  it('marks the top 10 % (above 0) central and the bottom 25 % peripheral, ties alike', () => {
    const { central, peripheral } = centralAndPeripheral([2, 5, 1, 1, 1, 0, 0, 0, 0, 0, 1, 0]);
    expect(central).toEqual([false, true, false, false, false, false, false, false, false, false, false, false]);
    expect(peripheral).toEqual([false, false, false, false, false, true, true, true, true, true, false, true]);
    // Everyone alike: nobody is both, nobody central in a network without ties.
    expect(centralAndPeripheral([0, 0, 0]).central).toEqual([false, false, false]);
    expect(centralAndPeripheral([3, 3, 3]).peripheral).toEqual([false, false, false]);
  });

  it('ranks ties by their average rank, as scipy does', () => {
    // scipy.stats.spearmanr([1,2,3,4,5], [5,6,7,8,7]).statistic = 0.8207826816681233 (SciPy 1.x).
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 12);
  });
});
