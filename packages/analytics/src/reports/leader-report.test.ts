import { describe, expect, it } from 'vitest';
import { runAnalysis } from '../run-analysis.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import { leadershipNominationsByIds } from '../input/nomination-columns.ts';
import { DIMENSIONS_360 } from '../types.ts';
import type { Dimension360 } from '../types.ts';

describe('leader report', () => {
  it('scores a leader every member names on the prestige kinds 10, and one named by no one 1', () => {
    const builder = new OrgBuilder().unit('u').person('L', 'u').person('K', 'u');
    for (let i = 0; i < 3; i++) builder.person(`a${i}`, 'u', 'L').names(`a${i}`, ['advice', 'personal', 'attention', 'expertise'], ['L']);
    for (let i = 0; i < 3; i++) builder.person(`b${i}`, 'u', 'K');
    const reports = runAnalysis(builder.build()).leaderReports;
    const of = (id: string) => reports.find((r) => r.leaderId === id)!;
    expect(of('L').prestige).toMatchObject({ score: 10, advice: 10, personal: 10, attention: 10, expertise: 10 });
    expect(of('K').prestige.score).toBe(1);
    expect(of('L').relationship.expertise.received).toEqual(['a0', 'a1', 'a2']);
  });

  it('lists sympathy and expertise ties per member for impartiality', () => {
    const builder = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').person('c', 'u', 'L');
    builder.names('L', ['sympathy', 'expertise'], ['a']).names('a', ['sympathy', 'expertise'], ['L']);
    const report = runAnalysis(builder.build()).leaderReports[0]!;
    expect(report.impartiality.sympathy).toEqual([
      { employeeId: 'a', given: true, received: true },
      { employeeId: 'b', given: false, received: false },
      { employeeId: 'c', given: false, received: false },
    ]);
    // All ties go to one of three members: Gini 2/3, impartiality 1/3.
    expect(report.impartiality.raw).toBeCloseTo(1 / 3, 12);
  });
});

describe('360 report', () => {
  it('gives own selection and the share of direct reports choosing the leader per item', () => {
    const input = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').build();
    const items = (Object.entries(DIMENSIONS_360) as [Dimension360, number][]).flatMap(([dimension, count]) =>
      Array.from({ length: count }, (_, i) => ({ id: `${dimension}_${i + 1}`, dimension })),
    );
    input.leadership360 = {
      items,
      nominations: leadershipNominationsByIds(input.employees, items, [
        { itemId: 'trust_1', sourceId: 'L', leaderId: 'L' },
        { itemId: 'trust_1', sourceId: 'a', leaderId: 'L' },
      ]),
    };
    const report = runAnalysis(input).reports360[0]!;
    expect(report.result.trust).toHaveLength(5);
    expect(report.result.connection_with_leader).toHaveLength(2);
    expect(report.result.trust[0]).toEqual({ itemId: 'trust_1', own_selection: true, survey_result: 0.5 });
    expect(report.result.trust[1]).toEqual({ itemId: 'trust_2', own_selection: false, survey_result: 0 });
  });
});
