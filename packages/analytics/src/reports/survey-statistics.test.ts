import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { OrgBuilder } from '../testing/org-builder.ts';
import type { AnalysisInput } from '../types.ts';
import { surveyStatistics } from './survey-statistics.ts';

/**
 * Unit "hq" with sub-unit "sales" and an empty unit "lab". hq: boss (answered on 2 May, names
 * 7 people on 2 questions = 14 nominations: "high") and idle (not answered). sales: s1 (answered
 * on 1 May, 13 nominations: "low"), s2 (answered on 2 May, nothing named), s3 (not answered).
 */
function organisation(): AnalysisInput {
  const builder = new OrgBuilder().unit('hq').unit('sales', 'hq').unit('lab', 'hq');
  builder.person('boss', 'hq').person('idle', 'hq', 'boss', false).person('s1', 'sales', 'boss').person('s2', 'sales', 'boss').person('s3', 'sales', 'boss', false);
  for (let i = 0; i < 7; i++) builder.person(`x${i}`, 'hq', 'boss', false);
  const seven = Array.from({ length: 7 }, (_, i) => `x${i}`);
  builder.names('boss', ['advice', 'cooperation'], seven);
  builder.names('s1', ['advice'], seven).names('s1', ['cooperation'], seven.slice(0, 6));
  const input = builder.build();
  const answeredAt: Record<string, string> = { boss: '2026-05-02T09:00:00Z', s1: '2026-05-01T17:30:00Z', s2: '2026-05-02T08:00:00Z', s3: '2026-04-30T08:00:00Z' };
  return { ...input, employees: input.employees.map((e) => (answeredAt[e.id] ? { ...e, answeredAt: answeredAt[e.id] } : e)) };
}

describe('survey statistics', () => {
  const statistics = surveyStatistics(buildOrganisation(organisation()), DEFAULT_OPTIONS);
  const unit = (id: string) => statistics.units.find((u) => u.unitId === id)!;

  it('counts participants, answers and the fill rate of the whole organisation', () => {
    expect(statistics).toMatchObject({ participants: 12, answered: 3, fillRate: 3 / 12 });
  });

  it('gives each unit its own fill rate and the fill rate of its subtree', () => {
    expect(unit('sales')).toMatchObject({ participants: 3, answered: 2, fillRate: 2 / 3, subtreeParticipants: 3, subtreeAnswered: 2 });
    expect(unit('hq')).toMatchObject({ participants: 9, answered: 1, fillRate: 1 / 9, subtreeParticipants: 12, subtreeAnswered: 3, subtreeFillRate: 3 / 12 });
  });

  it('leaves the fill rate of an empty unit undefined rather than zero', () => {
    expect(unit('lab')).toMatchObject({ participants: 0, fillRate: null, subtreeFillRate: null });
  });

  it('calls 14 or more nominations given "high" and fewer "low", counting only those who answered', () => {
    expect(unit('hq')).toMatchObject({ highAnswerCount: 1, lowAnswerCount: 0 });
    expect(unit('sales')).toMatchObject({ highAnswerCount: 0, lowAnswerCount: 2 });
    expect(statistics.answerCounts.slice(0, 5)).toEqual([14, 0, 13, 0, 0]);
  });

  it('counts answers per day, cumulatively, ignoring a date on someone who has not answered', () => {
    expect(statistics.overTime).toEqual([
      { date: '2026-05-01', answered: 1, cumulative: 1 },
      { date: '2026-05-02', answered: 2, cumulative: 3 },
    ]);
  });
});
