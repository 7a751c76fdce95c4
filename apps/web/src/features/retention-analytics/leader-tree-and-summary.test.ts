import { describe, expect, it } from 'vitest';
import type { TGroupRow, TRetentionResults } from '@ona/contracts';
import { distinctPeopleAffected, groupTableRows } from './group-table.ts';
import { buildLeaderTree, leaderTreeIds } from './leader-tree.ts';
import { retentionEmployee } from './retention-fixtures.test-support.ts';
import { riskSummary } from './risk-summary.ts';

describe('risk summary', () => {
  it('counts employees per level, with some risk factor and at high risk (level 3 and above)', () => {
    const summary = riskSummary([0, 0, 1, 2, 3, 4, 4].map((risk_level) => ({ risk_level })));
    expect(summary.perLevel).toEqual({ 0: 2, 1: 1, 2: 1, 3: 1, 4: 2 });
    expect(summary).toMatchObject({ total: 7, withRiskFactor: 5, atHighRisk: 3 });
  });
});

describe('leader tree', () => {
  const boss = retentionEmployee(1, { name: 'Boss', direct_reports: [2, 3], risk_level: 1 });
  const calm = retentionEmployee(2, { name: 'Calm', leader: 1, risk_level: 0, direct_reports: [4] });
  const worried = retentionEmployee(3, { name: 'Worried', leader: 1, risk_level: 4 });
  const deep = retentionEmployee(4, { name: 'Deep', leader: 2, risk_level: 3 });
  const stray = retentionEmployee(5, { name: 'Stray', leader: 99 });

  it('grows from the roots, highest risk first, with subtree sizes and the highest level below', () => {
    const [root] = buildLeaderTree([boss, calm, worried, deep], [1], 'en');
    expect(root?.children.map((c) => c.employee.name)).toEqual(['Worried', 'Calm']);
    expect(root?.subtreeSize).toBe(3);
    expect(root?.highestBelow).toBe(4);
    expect(root?.children[1]?.highestBelow).toBe(3);
    expect(root?.children[0]?.highestBelow).toBe(-1);
  });

  it('keeps people the roots never reach as roots of their own and draws nobody twice', () => {
    const doubled = { ...worried, direct_reports: [2] };
    const tree = buildLeaderTree([boss, calm, doubled, deep, stray], [1], 'en');
    expect(tree.map((n) => n.employee.name)).toEqual(['Boss', 'Stray']);
    expect(leaderTreeIds(tree).sort()).toEqual([1, 2, 3, 4, 5]);
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
