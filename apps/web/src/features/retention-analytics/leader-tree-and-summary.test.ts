import { describe, expect, it } from 'vitest';
import type { TGroupRow, TRetentionOrgChartPerson, TRetentionResults } from '@ona/contracts';
import { distinctPeopleAffected, groupTableRows } from './group-table.ts';
import { groupByParent, openBranches } from './org-chart/use-org-chart-branches.ts';
import { riskSummaryOf } from './risk-summary.ts';

describe('risk summary', () => {
  const distribution = { withheld: false, withheld_reason: null, counts: { 0: 1, 1: 1, 2: 1, 3: 1, 4: 1 } } as const;
  it('reads the server’s counts per level, with some risk factor and at high risk (level 3 and above)', () => {
    const summary = riskSummaryOf({ individual_risk_withheld: false, risk_summary: { total: 7, per_level: { 0: 2, 1: 1, 2: 1, 3: 1, 4: 2 } }, risk_distribution: distribution });
    expect(summary.perLevel).toEqual({ 0: 2, 1: 1, 2: 1, 3: 1, 4: 2 });
    expect(summary).toMatchObject({ total: 7, withRiskFactor: 5, atHighRisk: 3 });
  });

  it('reads the team’s distribution when the reader sees risk only in aggregate, zeros while it is withheld', () => {
    const summary = riskSummaryOf({ individual_risk_withheld: true, risk_summary: { total: 5, per_level: null }, risk_distribution: distribution });
    expect(summary).toMatchObject({ total: 5, withRiskFactor: 4, atHighRisk: 2 });
    const withheld = riskSummaryOf({ individual_risk_withheld: true, risk_summary: { total: 3, per_level: null }, risk_distribution: { withheld: true, withheld_reason: { code: 'group_below_minimum', minimum: 5 }, counts: null } });
    expect(withheld).toMatchObject({ total: 3, withRiskFactor: 0, atHighRisk: 0 });
  });
});

describe('the org chart, a branch at a time', () => {
  const person = (id: number, parent: number | null, direct_reports: number): TRetentionOrgChartPerson => ({ id, name: `P${id}`, unit_name: null, parent, risk_level: 1, direct_reports, below: direct_reports, highest_below: null });
  const tops = [person(1, null, 2), person(9, null, 0)];

  it('asks for the open branches not loaded yet, walking down the loaded ones', () => {
    const loaded = new Map([[1, [person(2, 1, 1), person(3, 1, 4)]]]);
    expect(openBranches(tops, new Map(), (id) => id === 1)).toEqual([1]);
    expect(openBranches(tops, loaded, () => true)).toEqual([2, 3]);
    expect(openBranches(tops, loaded, (id) => id !== 1)).toEqual([]);
  });

  it('groups an answer by branch in its order, with an empty branch for a leader who got nobody', () => {
    const groups = groupByParent([1, 5], [person(3, 1, 0), person(2, 1, 0)]);
    expect(groups.get(1)?.map((p) => p.id)).toEqual([3, 2]);
    expect(groups.get(5)).toEqual([]);
  });
});

describe('group tables', () => {
  const row = (name: string, affected: number[], withheld = false): TGroupRow => ({
    leader: { id: affected[0] ?? 0, name },
    group_name: name,
    size: 6,
    respondent_count: 6,
    people_affected: affected.length,
    at_risk_share: null,
    density: null,
    withheld,
    withheld_reason: withheld ? { code: 'group_below_minimum', minimum: 5 } : null,
    dysfunctions: [{ code: 'highRiskShare', explanation: '', affected, factor: null }],
  });
  const results = (rows: TGroupRow[]) => ({ groups: { several_employees_at_risk: rows } }) as unknown as TRetentionResults;

  it('puts the most people affected first and withheld groups last', () => {
    const rows = groupTableRows(results([row('Hidden', [], true), row('Few', [1]), row('Many', [2, 3, 4])]), 'several_employees_at_risk', 'en');
    expect(rows.map((r) => r.group_name)).toEqual(['Many', 'Few', 'Hidden']);
  });

  it('answers an empty table for a set the server left out', () => {
    expect(groupTableRows(results([]), 'incoherent_team', 'en')).toEqual([]);
  });

  it('counts a person in two groups once', () => {
    expect(distinctPeopleAffected([row('A', [1, 2]), row('B', [2, 3])])).toBe(3);
  });
});
