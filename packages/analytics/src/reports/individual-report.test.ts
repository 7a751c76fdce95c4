import { describe, expect, it } from 'vitest';
import { buildOrganisation } from '../graph/organisation.ts';
import { DEFAULT_OPTIONS } from '../options.ts';
import { DEFAULT_QUESTIONNAIRE } from '../testing/synthetic.ts';
import type { AnalysisInput, Employee, HierarchyLevel, QuestionKind } from '../types.ts';
import { nominationsByIds, type NominationByIds } from '../input/nomination-columns.ts';
import { individualReports } from './individual-report.ts';
import type { IndividualReport } from './individual-report.ts';

/** The subject S (in unit u) and `others`, each described by unit, hierarchy level and ties with S. */
interface Other {
  unitId?: string;
  level?: HierarchyLevel;
  /** Kinds on which this person names S. */
  names?: QuestionKind[];
  /** Kinds on which S names this person. */
  named?: QuestionKind[];
}

function reportOfSubject(others: Other[], subjectLevel?: HierarchyLevel): IndividualReport {
  const question = (kind: QuestionKind): string => DEFAULT_QUESTIONNAIRE.find((q) => q.kind === kind)!.id;
  const employees: Employee[] = [{ id: 'S', name: 'S', unitId: 'u', leaderId: null, hasAnswered: true, ...(subjectLevel ? { hierarchyLevel: subjectLevel } : {}) }];
  const nominations: NominationByIds[] = [];
  others.forEach((other, i) => {
    const id = `o${i}`;
    employees.push({ id, name: id, unitId: other.unitId ?? 'u', leaderId: null, hasAnswered: true, ...(other.level ? { hierarchyLevel: other.level } : {}) });
    for (const kind of other.names ?? []) nominations.push({ questionId: question(kind), sourceId: id, targetId: 'S' });
    for (const kind of other.named ?? []) nominations.push({ questionId: question(kind), sourceId: 'S', targetId: id });
  });
  const input: AnalysisInput = {
    employees,
    units: [...new Set(employees.map((e) => e.unitId))].map((id) => ({ id, name: id, parentId: null })),
    questions: DEFAULT_QUESTIONNAIRE,
    nominations: nominationsByIds(employees, DEFAULT_QUESTIONNAIRE, nominations),
  };
  return individualReports(buildOrganisation(input), DEFAULT_OPTIONS).find((report) => report.employeeId === 'S')!;
}

const repeat = (count: number, other: Other): Other[] => Array.from({ length: count }, () => other);

describe('individual report thresholds at the spec’s boundaries', () => {
  it('19 people turning to you is fine, 20 is too many (spec: 20 or more)', () => {
    const at19 = reportOfSubject(repeat(19, { names: ['advice'] }));
    const at20 = reportOfSubject(repeat(20, { names: ['advice'] }));
    expect([at19.turningToYou, at19.turningToYouTooMany]).toEqual([19, false]);
    expect([at20.turningToYou, at20.turningToYouTooMany]).toEqual([20, true]);
  });

  it('14 mutual relationships are fine, 15 are too many (spec: 15 or more)', () => {
    const mutual: Other = { names: ['cooperation'], named: ['cooperation'] };
    const at14 = reportOfSubject(repeat(14, mutual));
    const at15 = reportOfSubject(repeat(15, mutual));
    expect([at14.mutualRelationships, at14.mutualTooMany]).toEqual([14, false]);
    expect([at15.mutualRelationships, at15.mutualTooMany]).toEqual([15, true]);
  });

  it('influence on 40% of one’s unit is not high, on 41% it is (spec: high above 40%)', () => {
    // 100 unit colleagues; 40 or 41 of them name S on opinion.
    const unit = (influenced: number): Other[] => [...repeat(influenced, { names: ['opinion'] }), ...repeat(100 - influenced, {})];
    const at40 = reportOfSubject(unit(40));
    const at41 = reportOfSubject(unit(41));
    expect([at40.influenceShare, at40.influenceHigh]).toEqual([0.4, false]);
    expect([at41.influenceShare, at41.influenceHigh]).toEqual([0.41, true]);
  });

  it('an operative person with 49% of relations with implementors is out of balance, with 50% in balance (spec: at least 50%)', () => {
    // 100 relations: `implementors` of them with implementors, the rest with integrative leaders.
    const relations = (implementors: number): Other[] => [
      ...repeat(implementors, { level: 'implementors', names: ['cooperation'] }),
      ...repeat(100 - implementors, { level: 'integrative', names: ['cooperation'] }),
    ];
    const at49 = reportOfSubject(relations(49), 'operative');
    const at50 = reportOfSubject(relations(50), 'operative');
    expect([at49.relationsByLevel.implementors.share, at49.operativeBalanceOk]).toEqual([0.49, false]);
    expect([at50.relationsByLevel.implementors.share, at50.operativeBalanceOk]).toEqual([0.5, true]);
    expect(reportOfSubject(relations(10), 'integrative').operativeBalanceOk).toBeNull();
  });
});
