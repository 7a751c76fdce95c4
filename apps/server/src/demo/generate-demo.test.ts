import { describe, expect, it } from 'vitest';
import type { DemoEmployee, DemoEngagement, DemoOrganisation } from './demo-types.ts';
import { countDemoPhenomena } from './count-demo-phenomena.ts';
import {
  DEMO_EMPLOYEE_KEY,
  DEMO_LEADER_KEY,
  DEMO_REFERENCE_DATE,
  generateDemoLogins,
  generateDemoOrganisation,
} from './generate-demo.ts';

const organisation = generateDemoOrganisation();
const [finished, open] = organisation.engagements as [DemoEngagement, DemoEngagement];

function byKey(org: DemoOrganisation): Map<string, DemoEmployee> {
  return new Map(org.employees.map((employee) => [employee.key, employee]));
}

function subtreeSize(org: DemoOrganisation, leaderKey: string): number {
  let count = 0;
  const stack = [leaderKey];
  while (stack.length > 0) {
    const leader = stack.pop();
    for (const employee of org.employees) {
      if (employee.leaderKey === leader) {
        count++;
        stack.push(employee.key);
      }
    }
  }
  return count;
}

describe('generateDemoOrganisation', () => {
  it('gives the same organisation for the same seed and a different one for another seed', () => {
    expect(generateDemoOrganisation()).toEqual(organisation);
    const other = generateDemoOrganisation({ seed: 99 });
    expect(other.employees.map((employee) => employee.name)).not.toEqual(organisation.employees.map((employee) => employee.name));
  });

  it('has about 320 employees in at least 30 units over at least 4 levels', () => {
    expect(organisation.employees).toHaveLength(320);
    expect(organisation.units.length).toBeGreaterThanOrEqual(30);
    expect(new Set(organisation.units.map((unit) => unit.level)).size).toBeGreaterThanOrEqual(4);
    const root = organisation.units.filter((unit) => unit.parentKey === null);
    expect(root).toHaveLength(1);
    const unitKeys = new Set(organisation.units.map((unit) => unit.key));
    for (const unit of organisation.units) {
      if (unit.parentKey !== null) expect(unitKeys.has(unit.parentKey)).toBe(true);
    }
  });

  it('names units the way companies do, teams after their site', () => {
    const names = organisation.units.map((unit) => unit.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((name) => /^[A-Z][\w &]+ – Team [A-ZÁÉÍÓÖŐÚÜŰ]/u.test(name))).toBe(true);
  });

  it('gives every unit exactly one manager, who leads its members and reports to the parent unit manager', () => {
    const employees = byKey(organisation);
    const unitByKey = new Map(organisation.units.map((unit) => [unit.key, unit]));
    const managerOf = new Map<string, string>();
    for (const unit of organisation.units) {
      const managers = organisation.employees.filter((employee) => employee.unitKey === unit.key && employee.isUnitManager);
      expect(managers, unit.name).toHaveLength(1);
      managerOf.set(unit.key, managers[0]?.key ?? '');
    }
    for (const employee of organisation.employees) {
      const unit = unitByKey.get(employee.unitKey);
      expect(unit).toBeDefined();
      if (!employee.isUnitManager) expect(employee.leaderKey).toBe(managerOf.get(employee.unitKey));
      else if (unit?.parentKey) expect(employee.leaderKey).toBe(managerOf.get(unit.parentKey));
      else expect(employee.leaderKey).toBeNull();
      if (employee.leaderKey !== null) expect(employees.has(employee.leaderKey)).toBe(true);
    }
  });

  it('has one chief executive and no cycles in the leader tree', () => {
    const employees = byKey(organisation);
    expect(organisation.employees.filter((employee) => employee.leaderKey === null)).toHaveLength(1);
    for (const employee of organisation.employees) {
      const seen = new Set<string>();
      let current: DemoEmployee | undefined = employee;
      while (current && current.leaderKey !== null) {
        expect(seen.has(current.key)).toBe(false);
        seen.add(current.key);
        current = employees.get(current.leaderKey);
      }
    }
  });

  it('gives everyone a unique address at demo-company.example', () => {
    const emails = organisation.employees.map((employee) => employee.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toMatch(/^[a-z0-9.]+@demo-company\.example$/);
  });

  it('mixes Hungarian (family name first) and English names, women and men', () => {
    const hungarian = organisation.employees.filter((employee) => /^(Kovács|Nagy|Tóth|Szabó|Horváth|Varga|Kiss|Molnár) /.test(employee.name));
    const english = organisation.employees.filter((employee) => / (Clarke|Smith|Taylor|Brown|Wilson|Evans|Walker|Wright)$/.test(employee.name));
    expect(hungarian.length).toBeGreaterThan(10);
    expect(english.length).toBeGreaterThan(5);
    const women = organisation.employees.filter((employee) => employee.gender === 'female').length;
    expect(women / organisation.employees.length).toBeGreaterThan(0.35);
    expect(women / organisation.employees.length).toBeLessThan(0.65);
  });

  it('derives generations from birth years and dates entries before today', () => {
    for (const employee of organisation.employees) {
      const expected = employee.birthYear <= 1964 ? 'bb' : employee.birthYear <= 1980 ? 'x' : employee.birthYear <= 1996 ? 'y' : 'z';
      expect(employee.generation).toBe(expected);
      expect(employee.entryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(employee.entryDate < DEMO_REFERENCE_DATE).toBe(true);
      expect(Number(employee.entryDate.slice(0, 4)) - employee.birthYear).toBeGreaterThanOrEqual(18);
    }
    expect(new Set(organisation.employees.map((employee) => employee.generation))).toEqual(new Set(['bb', 'x', 'y', 'z']));
  });
});

describe('the demo engagements', () => {
  it('has a finished spring survey with about 88% responding, answered across its three weeks', () => {
    expect(finished.name).toBe('Engagement survey 2026 spring');
    expect(finished.status).toBe('finished');
    expect(finished.questions.map((question) => question.key)).toHaveLength(13);
    const rate = finished.finishedKeys.length / finished.participantKeys.length;
    expect(rate).toBeGreaterThan(0.85);
    expect(rate).toBeLessThan(0.91);
    const days = new Set(finished.answers.map((answer) => answer.answeredAt.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(15);
    for (const answer of finished.answers) {
      expect(answer.answeredAt.slice(0, 10) >= finished.accessFrom && answer.answeredAt.slice(0, 10) <= finished.accessTill).toBe(true);
    }
  });

  it('has an open autumn survey around the reference date with few answers and none from the demo employee', () => {
    expect(open.name).toBe('Engagement survey 2026 autumn');
    expect(open.status).toBe('open');
    expect(open.accessFrom <= DEMO_REFERENCE_DATE && DEMO_REFERENCE_DATE <= open.accessTill).toBe(true);
    const respondents = new Set(open.answers.map((answer) => answer.employeeKey));
    expect(respondents.size).toBeGreaterThan(0);
    expect(respondents.size / open.participantKeys.length).toBeLessThan(0.3);
    expect(respondents.has(DEMO_EMPLOYEE_KEY)).toBe(false);
    expect(open.participantKeys).toContain(DEMO_EMPLOYEE_KEY);
    for (const answer of open.answers) expect(answer.answeredAt < `${DEMO_REFERENCE_DATE}T00:00:00.000Z`).toBe(true);
  });

  it('invites people who joined after the spring survey only to the open one', () => {
    const newcomers = organisation.employees.filter((employee) => employee.entryDate >= finished.accessFrom);
    for (const newcomer of newcomers) {
      expect(finished.participantKeys).not.toContain(newcomer.key);
      expect(open.participantKeys).toContain(newcomer.key);
    }
  });

  it('references only participants and questions of the engagement, never the respondent', () => {
    for (const engagement of organisation.engagements) {
      const participants = new Set(engagement.participantKeys);
      const questions = new Set(engagement.questions.map((question) => question.key));
      const seen = new Set<string>();
      for (const answer of engagement.answers) {
        expect(participants.has(answer.employeeKey)).toBe(true);
        expect(questions.has(answer.questionKey)).toBe(true);
        expect(answer.selectedKeys).not.toContain(answer.employeeKey);
        expect(new Set(answer.selectedKeys).size).toBe(answer.selectedKeys.length);
        for (const selected of answer.selectedKeys) expect(participants.has(selected)).toBe(true);
        const pair = `${answer.employeeKey}/${answer.questionKey}`;
        expect(seen.has(pair)).toBe(false);
        seen.add(pair);
      }
      for (const key of engagement.finishedKeys) expect(participants.has(key)).toBe(true);
    }
  });

  it('has respondents name about 3 to 9 colleagues per question, mostly in their own unit or line', () => {
    const counts = finished.answers.filter((answer) => answer.selectedKeys.length > 0).map((answer) => answer.selectedKeys.length);
    const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
    expect(mean).toBeGreaterThan(3);
    expect(mean).toBeLessThan(9);
    const typical = counts.filter((count) => count <= 9).length / counts.length;
    expect(typical).toBeGreaterThan(0.98);
    expect(countDemoPhenomena(organisation, finished).withinUnitOrLineShare).toBeGreaterThan(0.75);
  });
});

describe('the phenomena of the finished survey', () => {
  const counts = countDemoPhenomena(organisation, finished);

  it('has overloaded people: advice > 20, personal support > 12, mutual cooperation > 15', () => {
    expect(counts.adviceOverloaded.length).toBeGreaterThanOrEqual(1);
    expect(counts.personalSupportOverloaded.length).toBeGreaterThanOrEqual(1);
    expect(counts.cooperationOverloaded.length).toBeGreaterThanOrEqual(1);
  });

  it('has isolated, unnoticed and unrespected employees', () => {
    expect(counts.isolated.length).toBeGreaterThanOrEqual(1);
    expect(counts.unnoticed.length).toBeGreaterThanOrEqual(counts.isolated.length);
    expect(counts.lackOfRespect.length).toBeGreaterThanOrEqual(1);
  });

  it('has people whose work contacts are rarely named back (30% or less)', () => {
    expect(counts.rarelyReciprocated.length).toBeGreaterThanOrEqual(1);
  });

  it('has employees with no tie to their leader, and a group where more than 30% have none', () => {
    expect(counts.noTieToLeader.length).toBeGreaterThanOrEqual(3);
    expect(counts.groupsWithNeglectAbove30Percent.length).toBeGreaterThanOrEqual(1);
    expect(counts.namedNobodyForFeedback.length).toBeGreaterThanOrEqual(1);
  });

  it('has a couple of teams that reach the rest of the company through one person only', () => {
    expect(counts.teamsWithOneBridge.length).toBeGreaterThanOrEqual(2);
  });

  it('has a manager with more than 15 direct reports', () => {
    expect(counts.managersOverFifteenReports.length).toBeGreaterThanOrEqual(1);
  });

  it('bridges units through a few boundary spanners', () => {
    expect(counts.boundarySpanners.length).toBeGreaterThanOrEqual(5);
    expect(counts.boundarySpanners.length / counts.respondents).toBeLessThan(0.2);
    expect(counts.crossUnitTiesThroughSpanners).toBeGreaterThan(0.6);
  });
});

describe('the 360 block of the finished survey', () => {
  const block = finished.leadership;
  const leaderOf = new Map(organisation.employees.map((employee) => [employee.key, employee.leaderKey]));

  it('holds the 33 default items of the seven dimensions, in four languages', () => {
    expect(block?.items).toHaveLength(33);
    const perDimension: Record<string, number> = {};
    for (const item of block?.items ?? []) perDimension[item.dimension] = (perDimension[item.dimension] ?? 0) + 1;
    expect(perDimension).toEqual({ trust: 5, respect: 5, openness: 3, improvement: 7, communication: 5, problem_solving: 6, connection_with_leader: 2 });
    expect(block?.items.map((item) => item.order)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    expect(new Set(block?.items.map((item) => item.key)).size).toBe(33);
    for (const item of block?.items ?? []) {
      expect(item.texts.en).toMatch(/^Which leaders .+\?$/);
      for (const language of ['hu', 'de', 'ru'] as const) expect(item.texts[language].length, `${item.key} ${language}`).toBeGreaterThan(10);
    }
    expect(open.leadership).toBeUndefined();
  });

  it('has every finished respondent answer every item with 0 to 3 leaders of the engagement', () => {
    const answers = block?.answers ?? [];
    expect(answers).toHaveLength(finished.finishedKeys.length * 33);
    const participants = new Set(finished.participantKeys);
    const leaders = new Set(organisation.employees.filter((employee) => participants.has(employee.key)).map((employee) => employee.leaderKey));
    const items = new Set(block?.items.map((item) => item.key));
    for (const answer of answers) {
      expect(items.has(answer.itemKey)).toBe(true);
      expect(answer.leaderKeys.length).toBeLessThanOrEqual(3);
      expect(new Set(answer.leaderKeys).size).toBe(answer.leaderKeys.length);
      for (const leader of answer.leaderKeys) expect(leaders.has(leader)).toBe(true);
      expect(answer.answeredAt.slice(0, 10) <= finished.accessTill).toBe(true);
    }
  });

  it('mostly picks the own leader, with scores that differ between leaders, and lets leaders choose themselves', () => {
    const answers = block?.answers ?? [];
    let own = 0;
    let self = 0;
    let other = 0;
    const picked = new Map<string, { yes: number; all: number }>();
    for (const answer of answers) {
      const leader = leaderOf.get(answer.employeeKey);
      for (const chosen of answer.leaderKeys) {
        if (chosen === answer.employeeKey) self++;
        else if (chosen === leader) own++;
        else other++;
      }
      if (leader) {
        const tally = picked.get(leader) ?? { yes: 0, all: 0 };
        tally.all++;
        if (answer.leaderKeys.includes(leader)) tally.yes++;
        picked.set(leader, tally);
      }
    }
    expect(own).toBeGreaterThan(3 * other);
    expect(self).toBeGreaterThan(0);
    expect(other).toBeGreaterThan(0);
    const rates = [...picked.values()].map((tally) => tally.yes / tally.all);
    expect(Math.min(...rates)).toBeLessThan(0.3);
    expect(Math.max(...rates)).toBeGreaterThan(0.75);
  });
});

describe('generateDemoLogins', () => {
  const logins = generateDemoLogins(organisation);

  it('gives the admin no employee, the leader a team of about ten and the employee no reports', () => {
    expect(logins.map((login) => [login.email, login.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['leader@example.com', 'leader'],
      ['employee@example.com', 'employee'],
    ]);
    expect(logins[0]?.employeeKey).toBeNull();
    expect(logins[1]?.employeeKey).toBe(DEMO_LEADER_KEY);
    expect(subtreeSize(organisation, DEMO_LEADER_KEY)).toBe(10);
    expect(logins[2]?.employeeKey).toBe(DEMO_EMPLOYEE_KEY);
    expect(subtreeSize(organisation, DEMO_EMPLOYEE_KEY)).toBe(0);
  });

  it('uses the demo people names and lets both answer the finished survey', () => {
    const employees = byKey(organisation);
    expect(logins[1]?.name).toBe(employees.get(DEMO_LEADER_KEY)?.name);
    expect(logins[2]?.name).toBe(employees.get(DEMO_EMPLOYEE_KEY)?.name);
    expect(finished.finishedKeys).toContain(DEMO_LEADER_KEY);
    expect(finished.finishedKeys).toContain(DEMO_EMPLOYEE_KEY);
  });

  it('finds the demo people in a serialised copy of the organisation', () => {
    const copy = JSON.parse(JSON.stringify(organisation)) as DemoOrganisation;
    expect(generateDemoLogins(copy)).toEqual(logins);
  });
});

describe('reference dates', () => {
  it('names the surveys after the seasons around the reference date', () => {
    const winter = generateDemoOrganisation({ size: 150, referenceDate: '2027-02-10' });
    expect(winter.engagements.map((engagement) => engagement.name)).toEqual([
      'Engagement survey 2026 spring',
      'Engagement survey 2027 winter',
      'Engagement survey 2025 autumn',
    ]);
    expect((winter.engagements[1]?.accessFrom ?? '') <= '2027-02-10').toBe(true);
  });

  it('refuses a reference date that is not a calendar date', () => {
    expect(() => generateDemoOrganisation({ referenceDate: '2026-02-30' })).toThrow(/calendar date/);
  });

  it('refuses organisations too small for the phenomena', () => {
    expect(() => generateDemoOrganisation({ size: 40 })).toThrow(/at least 150/);
  });
});

describe('benchmark sizes', () => {
  // How fast is the benchmark's business (bench/, docs/), not a test's: a timed assertion only
  // fails on a busy machine.
  it.each([5_000, 20_000])('builds %i employees in teams of 8–15', (size) => {
    const large = generateDemoOrganisation({ size, seed: 5, earlierWave: false });
    expect(large.employees).toHaveLength(size);
    const headcount = new Map<string, number>();
    for (const employee of large.employees) headcount.set(employee.unitKey, (headcount.get(employee.unitKey) ?? 0) + 1);
    const parents = new Set(large.units.map((unit) => unit.parentKey));
    const teamSizes = large.units.filter((unit) => !parents.has(unit.key)).map((unit) => headcount.get(unit.key) ?? 0);
    // One team is deliberately oversized: its leader has more than 15 direct reports.
    expect(teamSizes.filter((count) => count < 8 || count > 15)).toEqual([18]);
    const counts = countDemoPhenomena(large, large.engagements[0] as DemoEngagement);
    expect(counts.adviceOverloaded.length).toBeGreaterThanOrEqual(1);
    expect(counts.isolated.length).toBeGreaterThanOrEqual(1);
  });
});
