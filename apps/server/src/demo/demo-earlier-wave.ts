import type { DemoCast } from './demo-cast.ts';
import type { DemoEmployee, DemoEngagement, DemoGender, DemoUnit } from './demo-types.ts';
import type { PlannedUnit, UnitPlan } from './demo-unit-plan.ts';
import type { SeededRandom } from './seeded-random.ts';
import { addDays, formatIsoDate, mondayOnOrAfter, parseIsoDate, yearOf, MS_PER_DAY } from './demo-dates.ts';
import { buildFinishedEngagement, type SurveyWindow } from './demo-engagements.ts';
import { drawPersonName } from './demo-names.ts';
import { generationOf, uniqueEmail } from './demo-people.ts';
import { BUSINESS_FUNCTIONS } from './demo-unit-catalog.ts';

/** Share of the organisation who took the earlier survey and have left since (about 10% a year). */
export const LEAVER_SHARE = 0.05;
const EARLIER_SURVEY_DAYS = 21;

/** The earlier wave: the autumn survey (from the second Monday of October) half a year before the finished spring one. */
export function earlierWaveWindow(finished: SurveyWindow): SurveyWindow {
  const year = yearOf(finished.accessFrom) - 1;
  const accessFrom = mondayOnOrAfter(`${year}-10-08`);
  return { key: `engagement-${year}-autumn`, name: `Engagement survey ${year} autumn`, accessFrom, accessTill: addDays(accessFrom, EARLIER_SURVEY_DAYS - 1) };
}

interface EarlierWaveContext {
  plan: UnitPlan;
  employees: readonly DemoEmployee[];
  units: readonly DemoUnit[];
  cast: DemoCast;
  finished: SurveyWindow;
  /** Everyone whose answers carry a phenomenon, for a cast and a roster (generate-demo.ts). */
  mustFinish: (cast: DemoCast, employees: readonly DemoEmployee[]) => Set<string>;
}

/**
 * The wave before the finished survey, of the same organisation with realistic change since:
 * about 5% of its people have left (a few of them cast at risk, one of them a bridge between
 * units), those who joined after it opened were not in it, and one department's two teams were
 * still one oversized team then (split since). Its answers are simulated afresh from the same
 * social structure, so ties are rewired as they are between two real surveys.
 */
export function buildEarlierWave(context: EarlierWaveContext, random: SeededRandom): DemoEngagement {
  const window = earlierWaveWindow(context.finished);
  const special = new Set<string>(Object.values(context.plan.special));
  const { splitFrom, splitOff } = chooseSplitTeams(context.plan, special, random.fork('split'));
  const managerOf = new Map(context.employees.filter((e) => e.isUnitManager).map((e) => [e.unitKey, e.key]));
  const mergedManager = managerOf.get(splitFrom);
  if (!mergedManager) throw new Error(`Team ${splitFrom} has no manager`);

  // Before the split, the people of the split-off team (its later leader included) were members of the other.
  const stayers = context.employees
    .filter((e) => e.entryDate < window.accessFrom)
    .map((e) => (e.unitKey === splitOff ? { ...e, unitKey: splitFrom, leaderKey: mergedManager, isUnitManager: false } : e));
  const leaverTeams = context.plan.units.filter((u) => u.isTeam && !special.has(u.key) && u.key !== splitFrom && u.key !== splitOff);
  const leavers = createLeavers(Math.max(8, Math.round(context.employees.length * LEAVER_SHARE)), leaverTeams, managerOf, context.employees, window.accessFrom, random.fork('leavers'));
  const employees = [...stayers, ...leavers];
  const units = context.units.filter((u) => u.key !== splitOff);

  // The leavers' parts: two isolated, two whose ties are not returned, two on the periphery, two
  // left out by their leader, one bridge; the rest ordinary.
  const keys = leavers.map((l) => l.key);
  const [isolated, unreciprocated, peripheral, neglected, broker] = [keys.slice(0, 2), keys.slice(2, 4), keys.slice(4, 6), keys.slice(6, 8), keys[8] ?? keys[keys.length - 1]!];
  const inRoster = new Set(employees.map((e) => e.key));
  const present = (list: readonly string[]) => list.filter((key) => inRoster.has(key));
  const cast: DemoCast = {
    ...context.cast,
    adviceExperts: present(context.cast.adviceExperts),
    confidants: present(context.cast.confidants),
    cooperationHubs: present(context.cast.cooperationHubs),
    keyPersons: present(context.cast.keyPersons),
    sealed: present(context.cast.sealed),
    isolated: [...present(context.cast.isolated), ...isolated],
    peripheral: [...present(context.cast.peripheral), ...peripheral],
    unreciprocated: [...present(context.cast.unreciprocated), ...unreciprocated],
    neglected: [...present(context.cast.neglected), ...neglected],
    troubledMembers: present(context.cast.troubledMembers),
    boundarySpanners: [...present(context.cast.boundarySpanners), broker],
  };
  const engagement = buildFinishedEngagement(window, { employees, units, cast, mustFinish: context.mustFinish(cast, employees) }, random.fork('engagement'));
  return { ...engagement, roster: { units, employees }, leaverReasons: leaverReasons(keys) };
}

/**
 * The reasons an administrator marked: the cast leavers (at risk by design) and most others left;
 * two moved within the group and one retired (outside the calibration's base); the last two are
 * not marked (unknown, counted as left).
 */
function leaverReasons(keys: readonly string[]): Record<string, 'left' | 'moved' | 'retired'> {
  const marked: Record<string, 'left' | 'moved' | 'retired'> = {};
  const exceptions = new Map<number, 'moved' | 'retired'>([[9, 'moved'], [10, 'retired'], [11, 'moved']]);
  keys.slice(0, Math.max(0, keys.length - 2)).forEach((key, index) => {
    marked[key] = exceptions.get(index) ?? 'left';
  });
  return marked;
}

/** Two ordinary sibling teams of one department: the later split. */
function chooseSplitTeams(plan: UnitPlan, special: ReadonlySet<string>, random: SeededRandom): { splitFrom: string; splitOff: string } {
  const byParent = new Map<string, PlannedUnit[]>();
  for (const unit of plan.units) {
    if (!unit.isTeam || unit.parentKey === null || special.has(unit.key)) continue;
    byParent.set(unit.parentKey, [...(byParent.get(unit.parentKey) ?? []), unit]);
  }
  const candidates = [...byParent.values()].filter((teams) => teams.length >= 2);
  if (candidates.length === 0) throw new Error('The organisation has no department with two ordinary teams to split');
  const [splitFrom, splitOff] = random.pick(candidates);
  return { splitFrom: splitFrom!.key, splitOff: splitOff!.key };
}

/** People who were there for the earlier survey only, spread over ordinary teams (one per team while teams last). */
function createLeavers(
  count: number,
  teams: readonly PlannedUnit[],
  managerOf: ReadonlyMap<string, string>,
  everyone: readonly DemoEmployee[],
  surveyStart: string,
  random: SeededRandom,
): DemoEmployee[] {
  const usedEmails = new Set(everyone.map((e) => e.email));
  const order = random.shuffled(teams);
  const start = parseIsoDate(surveyStart);
  return Array.from({ length: count }, (_, index) => {
    const team = order[index % order.length]!;
    const gender: DemoGender = random.chance(0.5) ? 'female' : 'male';
    const name = drawPersonName(random, gender);
    const age = random.int(23, 58);
    const birthYear = yearOf(surveyStart) - age;
    return {
      key: `emp-left-${String(index + 1).padStart(3, '0')}`,
      name: name.displayName,
      email: uniqueEmail(name.givenName, name.familyName, usedEmails),
      unitKey: team.key,
      leaderKey: managerOf.get(team.key) ?? null,
      gender,
      generation: generationOf(birthYear),
      entryDate: formatIsoDate(start - random.int(200, 3000) * MS_PER_DAY),
      birthYear,
      jobTitle: random.pick(BUSINESS_FUNCTIONS[team.functionIndex]?.jobTitles ?? ['Specialist']),
      isUnitManager: false,
    };
  });
}
