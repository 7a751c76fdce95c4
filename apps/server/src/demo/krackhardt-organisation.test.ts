import { describe, expect, it } from 'vitest';
import { buildKrackhardtOrganisation } from './krackhardt-organisation.ts';
import { readKrackhardtCsv } from './read-krackhardt-files.ts';

const REFERENCE_DATE = '2026-10-12';
const csv = readKrackhardtCsv();
const organisation = buildKrackhardtOrganisation(csv, REFERENCE_DATE);
const engagement = organisation.engagements[0];

describe('buildKrackhardtOrganisation', () => {
  it('has the 21 managers under their data set ids', () => {
    expect(organisation.employees).toHaveLength(21);
    expect(organisation.employees.map((employee) => employee.key)).toEqual(Array.from({ length: 21 }, (_, index) => `v${index + 1}`));
    expect(new Set(organisation.employees.map((employee) => employee.email)).size).toBe(21);
  });

  it('takes the leader tree from the manager column: v7 leads the four vice-presidents', () => {
    const leaders = new Map(organisation.employees.map((employee) => [employee.key, employee.leaderKey]));
    expect(leaders.get('v7')).toBeNull();
    for (const vicePresident of ['v2', 'v14', 'v18', 'v21']) expect(leaders.get(vicePresident)).toBe('v7');
    expect(leaders.get('v1')).toBe('v2');
    expect(organisation.employees.filter((employee) => employee.isUnitManager).map((employee) => employee.key).sort()).toEqual(
      ['v14', 'v18', 'v2', 'v21', 'v7'],
    );
  });

  it('puts the departments as units under the chief executive unit', () => {
    const root = organisation.units.filter((unit) => unit.parentKey === null);
    expect(root).toHaveLength(1);
    expect(organisation.units).toHaveLength(5);
    const ceo = organisation.employees.find((employee) => employee.key === 'v7');
    expect(ceo?.unitKey).toBe(root[0]?.key);
    for (const unit of organisation.units) if (unit !== root[0]) expect(unit.parentKey).toBe(root[0]?.key);
  });

  it('has one finished engagement with 190 advice and 102 friendship nominations, all 21 answering', () => {
    expect(organisation.engagements).toHaveLength(1);
    expect(engagement?.name).toBe('Krackhardt high-tech managers (1987)');
    expect(engagement?.status).toBe('finished');
    expect(engagement?.questions.map((question) => [question.key, question.kind, question.category])).toEqual([
      ['advice', 'advice', 'work_info'],
      ['sympathy', 'sympathy', 'trust'],
    ]);
    const total = (questionKey: string): number =>
      (engagement?.answers ?? []).filter((answer) => answer.questionKey === questionKey).reduce((sum, answer) => sum + answer.selectedKeys.length, 0);
    expect(total('advice')).toBe(190);
    expect(total('sympathy')).toBe(102);
    expect(engagement?.finishedKeys).toHaveLength(21);
    expect(new Set(engagement?.answers.map((answer) => answer.employeeKey)).size).toBe(21);
  });

  it('keeps ages and tenures of the data, counted back from the reference date', () => {
    const v7 = organisation.employees.find((employee) => employee.key === 'v7');
    expect(v7?.birthYear).toBe(2026 - 55);
    expect(v7?.generation).toBe('x');
    expect(v7?.entryDate.slice(0, 4)).toBe(String(2026 - 30));
    expect((engagement?.accessTill ?? '') < REFERENCE_DATE).toBe(true);
  });

  it('refuses a tie to an unknown manager with the file and row', () => {
    const broken = { ...csv, advice: `${csv.advice.trimEnd()}\nv1,v99\n` };
    expect(() => buildKrackhardtOrganisation(broken, REFERENCE_DATE)).toThrow(/advice\.csv row 192/);
  });

  it('refuses a reporting line that contradicts the manager column', () => {
    const broken = { ...csv, reportsTo: csv.reportsTo.replace('v1,v2', 'v1,v14') };
    expect(() => buildKrackhardtOrganisation(broken, REFERENCE_DATE)).toThrow(/reports_to\.csv says v1/);
  });
});
