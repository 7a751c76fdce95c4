import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildOrganisation } from '../graph/organisation.ts';
import { leadershipNominationsByIds } from '../input/nomination-columns.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import { DIMENSIONS_360 } from '../types.ts';
import type { AnalysisInput, Dimension360, LeadershipItem, LeadershipNomination } from '../types.ts';
import { reports360 } from './report-360.ts';

const ITEMS: LeadershipItem[] = (Object.entries(DIMENSIONS_360) as [Dimension360, number][]).flatMap(([dimension, count]) =>
  Array.from({ length: count }, (_, i) => ({ id: `${dimension}_${i + 1}`, dimension })),
);

/**
 * The 360 reports as they were computed from choices written with ids (before the columns): a set
 * of respondents per (item, leader), own selection and the share of direct reports in it.
 */
function reportsById(input: AnalysisInput, items: readonly LeadershipItem[], choices: readonly LeadershipNomination[]) {
  const org = buildOrganisation(input);
  const chosen = new Map<string, Set<string>>();
  for (const choice of choices) {
    const key = `${choice.itemId}\u0000${choice.leaderId}`;
    chosen.set(key, (chosen.get(key) ?? new Set()).add(choice.sourceId));
  }
  return org.employees.flatMap((leader, v) => {
    const reportIds = org.directReports[v]!.map((r) => org.employees[r]!.id);
    if (reportIds.length === 0) return [];
    return [
      items.map((item) => {
        const voters = chosen.get(`${item.id}\u0000${leader.id}`) ?? new Set<string>();
        return { itemId: item.id, own_selection: voters.has(leader.id), survey_result: reportIds.filter((r) => voters.has(r)).length / reportIds.length };
      }),
    ];
  });
}

function reportsByColumns(input: AnalysisInput, items: LeadershipItem[], choices: readonly LeadershipNomination[]) {
  const { reports } = reports360(buildOrganisation(input), { items, nominations: leadershipNominationsByIds(input.employees, items, choices) });
  return reports.map((report) => (Object.keys(DIMENSIONS_360) as Dimension360[]).flatMap((dimension) => report.result[dimension]));
}

describe('360 reports from the choices as columns', () => {
  const input = new OrgBuilder().unit('u').person('L', 'u').person('a', 'u', 'L').person('b', 'u', 'L').person('c', 'u', 'L').person('x', 'u').build();

  it('counts a repeated choice once, ignores unknown people and items, and counts only direct reports', () => {
    const { reports } = reports360(buildOrganisation(input), {
      items: ITEMS,
      nominations: leadershipNominationsByIds(input.employees, ITEMS, [
        { itemId: 'trust_1', sourceId: 'a', leaderId: 'L' },
        { itemId: 'trust_1', sourceId: 'a', leaderId: 'L' },
        { itemId: 'trust_1', sourceId: 'x', leaderId: 'L' },
        { itemId: 'trust_1', sourceId: 'nobody', leaderId: 'L' },
        { itemId: 'no_such_item', sourceId: 'b', leaderId: 'L' },
        { itemId: 'trust_2', sourceId: 'b', leaderId: 'unknown' },
        { itemId: 'respect_1', sourceId: 'L', leaderId: 'L' },
        { itemId: 'respect_1', sourceId: 'c', leaderId: 'L' },
      ]),
    });
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report!.result.trust[0]).toEqual({ itemId: 'trust_1', own_selection: false, survey_result: 1 / 3 });
    expect(report!.result.trust[1]).toEqual({ itemId: 'trust_2', own_selection: false, survey_result: 0 });
    expect(report!.result.respect[0]).toEqual({ itemId: 'respect_1', own_selection: true, survey_result: 1 / 3 });
    expect(report!.dimensionMeans.trust).toBeCloseTo(1 / 3 / 5, 15);
  });

  it('equals the reports computed from the choices by id, for any choices, repeated ids and items included', () => {
    const people = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const choice = fc.record({
      itemId: fc.constantFrom(...ITEMS.slice(0, 6).map((item) => item.id), 'missing'),
      sourceId: fc.constantFrom(...people, 'ghost'),
      leaderId: fc.constantFrom(...people, 'ghost'),
    });
    const leaderOf = fc.array(fc.option(fc.constantFrom(...people), { nil: null }), { minLength: people.length, maxLength: people.length });
    fc.assert(
      fc.property(leaderOf, fc.array(choice, { maxLength: 60 }), fc.boolean(), (leaders, choices, repeatAnId) => {
        const builder = new OrgBuilder().unit('u');
        people.forEach((id, i) => builder.person(id, 'u', leaders[i] === id ? null : (leaders[i] ?? null)));
        const org = builder.build();
        // A person listed twice, and an item listed twice: lookups by id land on the first of each.
        const withRepeats = repeatAnId ? { ...org, employees: [...org.employees, { ...org.employees[1]!, leaderId: 'p0' }] } : org;
        const items = repeatAnId ? [...ITEMS, ITEMS[0]!] : ITEMS;
        expect(reportsByColumns(withRepeats, items, choices)).toEqual(reportsById(withRepeats, orderedLikeReports(items), choices));
      }),
      { numRuns: 300 },
    );
  });
});

/** The items in the order a report lists them: by dimension, in the block's order within one. */
function orderedLikeReports(items: readonly LeadershipItem[]): LeadershipItem[] {
  return (Object.keys(DIMENSIONS_360) as Dimension360[]).flatMap((dimension) => items.filter((item) => item.dimension === dimension));
}
