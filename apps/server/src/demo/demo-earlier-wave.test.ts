import { describe, expect, it } from 'vitest';
import type { DemoEmployee, DemoEngagement } from './demo-types.ts';
import { LEAVER_SHARE } from './demo-earlier-wave.ts';
import { generateDemoOrganisation } from './generate-demo.ts';

const organisation = generateDemoOrganisation();
const [spring, , earlier] = organisation.engagements as [DemoEngagement, DemoEngagement, DemoEngagement];
const roster = earlier.roster!;
const current = new Map(organisation.employees.map((e) => [e.key, e]));
const thenByKey = new Map(roster.employees.map((e) => [e.key, e]));
const participantsThen = new Set(earlier.participantKeys);
const participantsNow = new Set(spring.participantKeys);

describe('the earlier wave of the demo company', () => {
  it('is the autumn survey half a year before the spring one, finished, and the spring survey is its next wave', () => {
    expect(earlier).toMatchObject({ key: 'engagement-2025-autumn', name: 'Engagement survey 2025 autumn', accessFrom: '2025-10-13', accessTill: '2025-11-02', status: 'finished' });
    expect(spring.previousKey).toBe(earlier.key);
    expect(earlier.accessTill < spring.accessFrom).toBe(true);
    // No 360 block: the comparison reads the network questions.
    expect(earlier.leadership).toBeUndefined();
    expect(earlier.questions.map((q) => q.key)).toEqual(spring.questions.map((q) => q.key));
  });

  it('has about 5% of its people leave since, with their own e-mails, people of ordinary teams', () => {
    const leavers = roster.employees.filter((e) => !current.has(e.key));
    expect(leavers).toHaveLength(Math.round(organisation.employees.length * LEAVER_SHARE));
    expect(leavers.every((e) => participantsThen.has(e.key) && !participantsNow.has(e.key))).toBe(true);
    const emails = new Set(organisation.employees.map((e) => e.email));
    expect(leavers.every((e) => !emails.has(e.email))).toBe(true);
    expect(new Set(roster.employees.map((e) => e.email)).size).toBe(roster.employees.length);
    expect(leavers.every((e) => !e.isUnitManager && e.entryDate < earlier.accessFrom && thenByKey.get(e.leaderKey ?? '')?.isUnitManager)).toBe(true);
  });

  it('gives most leavers a reason an administrator would have marked: left, two moved, one retired, two unknown', () => {
    const leavers = roster.employees.filter((e) => !current.has(e.key)).map((e) => e.key);
    const reasons = leavers.map((key) => earlier.leaverReasons?.[key] ?? 'unknown');
    const count = (reason: string) => reasons.filter((r) => r === reason).length;
    expect({ moved: count('moved'), retired: count('retired'), unknown: count('unknown') }).toEqual({ moved: 2, retired: 1, unknown: 2 });
    expect(count('left')).toBe(leavers.length - 5);
    // Only leavers carry a reason.
    expect(Object.keys(earlier.leaverReasons ?? {}).every((key) => leavers.includes(key))).toBe(true);
  });

  it('lacks the people who joined after it opened: members of teams, never managers', () => {
    const joined = spring.participantKeys.filter((key) => !participantsThen.has(key)).map((key) => current.get(key)!);
    expect(joined.length).toBeGreaterThan(5);
    expect(joined.every((e) => e.entryDate >= earlier.accessFrom && !e.isUnitManager)).toBe(true);
    expect(spring.participantKeys.filter((key) => participantsThen.has(key)).length).toBeGreaterThan(0.85 * spring.participantKeys.length);
  });

  it('had one oversized team that has been split since: its later second team sat in the first, under its leader', () => {
    const rosterUnits = new Set(roster.units.map((u) => u.key));
    const splitOff = organisation.units.filter((u) => !rosterUnits.has(u.key));
    expect(splitOff).toHaveLength(1);
    const splitOffPeople = organisation.employees.filter((e) => e.unitKey === splitOff[0]!.key && participantsThen.has(e.key));
    const mergedInto = new Set(splitOffPeople.map((e) => thenByKey.get(e.key)!.unitKey));
    expect(mergedInto.size).toBe(1);
    const merged = [...mergedInto][0]!;
    expect(organisation.units.find((u) => u.key === merged)!.parentKey).toBe(splitOff[0]!.parentKey);
    const manager = roster.employees.find((e) => e.unitKey === merged && e.isUnitManager)!;
    const reports = (people: readonly DemoEmployee[]) => people.filter((e) => e.leaderKey === manager.key && participantsThen.has(e.key)).length;
    expect(reports(roster.employees)).toBeGreaterThan(15);
    expect(roster.employees.filter((e) => e.unitKey === merged && e.isUnitManager)).toHaveLength(1);
  });

  it('has most of its people answer, naming only its own participants', () => {
    expect(earlier.finishedKeys.length / earlier.participantKeys.length).toBeCloseTo(0.88, 1);
    expect(earlier.answers.every((a) => participantsThen.has(a.employeeKey) && a.selectedKeys.every((k) => participantsThen.has(k) && k !== a.employeeKey))).toBe(true);
    expect(earlier.answers.every((a) => a.answeredAt >= earlier.accessFrom && a.answeredAt <= `${earlier.accessTill}T23:59:59Z`)).toBe(true);
  });
});
