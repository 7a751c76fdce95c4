import type { DemoEmployee, DemoGender, DemoGeneration } from './demo-types.ts';
import type { PlannedUnit, UnitPlan } from './demo-unit-plan.ts';
import type { SeededRandom } from './seeded-random.ts';
import { BUSINESS_FUNCTIONS } from './demo-unit-catalog.ts';
import { addDays, formatIsoDate, parseIsoDate, yearOf, MS_PER_DAY } from './demo-dates.ts';
import { asciiMailPart, drawPersonName } from './demo-names.ts';

export const DEMO_EMAIL_DOMAIN = 'demo-company.example';
/** The demo company was founded then; nobody joined earlier. */
const FOUNDING_DATE = '1992-03-01';
/** Share of ordinary team members who joined after the finished survey (they only see the open one). */
const NEW_JOINER_SHARE = 0.02;

export interface PeopleOptions {
  referenceDate: string;
  /** People who joined on or after this date were not invited to the finished survey. */
  finishedSurveyStart: string;
}

/** Generation cut-offs as the product defines them (DECISIONS.md and the brief). */
export function generationOf(birthYear: number): DemoGeneration {
  if (birthYear <= 1964) return 'bb';
  if (birthYear <= 1980) return 'x';
  if (birthYear <= 1996) return 'y';
  return 'z';
}

export function createEmployees(plan: UnitPlan, options: PeopleOptions, random: SeededRandom): DemoEmployee[] {
  const employees: DemoEmployee[] = [];
  const managerOfUnit = new Map<string, string>();
  const usedEmails = new Set<string>();
  const specialTeams = new Set<string>(Object.values(plan.special));
  const keyOf = (index: number): string => `emp-${String(index + 1).padStart(5, '0')}`;

  for (const unit of plan.units) {
    for (let position = 0; position < unit.headcount; position++) {
      const isManager = position === 0;
      const gender: DemoGender = random.chance(0.5) ? 'female' : 'male';
      const personName = drawPersonName(random, gender);
      const age = isManager ? managerAge(unit, random) : memberAge(random);
      const birthYear = yearOf(options.referenceDate) - age;
      const isNewJoiner = !isManager && unit.isTeam && !specialTeams.has(unit.key) && random.chance(NEW_JOINER_SHARE);
      employees.push({
        key: keyOf(employees.length),
        name: personName.displayName,
        email: uniqueEmail(personName.givenName, personName.familyName, usedEmails),
        unitKey: unit.key,
        leaderKey: isManager ? (unit.parentKey ? (managerOfUnit.get(unit.parentKey) ?? null) : null) : (managerOfUnit.get(unit.key) ?? null),
        gender,
        generation: generationOf(birthYear),
        entryDate: isNewJoiner
          ? newJoinerEntryDate(options, random)
          : regularEntryDate(birthYear, isManager, options, random),
        birthYear,
        jobTitle: jobTitle(unit, position, age, random),
        isUnitManager: isManager,
      });
      if (isManager) managerOfUnit.set(unit.key, keyOf(employees.length - 1));
    }
  }
  return employees;
}

/** Leaders are older the higher they sit. */
function managerAge(unit: PlannedUnit, random: SeededRandom): number {
  if (unit.level === 0) return random.int(48, 60);
  if (unit.level === 1) return random.int(42, 58);
  if (!unit.isTeam) return random.int(35, 56);
  return random.int(29, 54);
}

/** Roughly the age mix of a Hungarian white-collar workforce: mostly millennials and generation X. */
function memberAge(random: SeededRandom): number {
  const draw = random.next();
  if (draw < 0.2) return random.int(21, 29);
  if (draw < 0.66) return random.int(30, 45);
  if (draw < 0.95) return random.int(46, 61);
  return random.int(62, 65);
}

function regularEntryDate(birthYear: number, isManager: boolean, options: PeopleOptions, random: SeededRandom): string {
  const latest = parseIsoDate(addDays(options.finishedSurveyStart, -30));
  const earliest = Math.max(parseIsoDate(FOUNDING_DATE), Date.UTC(birthYear + 20, 8, 1));
  if (earliest >= latest) return formatIsoDate(latest);
  // Tenure falls off like a staff turnover curve; leaders have usually been here a while longer.
  const minimumYears = isManager ? 2 : 0;
  const meanYears = isManager ? 7 : 5;
  const tenureDays = Math.floor((minimumYears - Math.log(1 - random.next()) * meanYears) * 365);
  return formatIsoDate(Math.max(earliest, latest - tenureDays * MS_PER_DAY));
}

function newJoinerEntryDate(options: PeopleOptions, random: SeededRandom): string {
  const earliest = parseIsoDate(addDays(options.finishedSurveyStart, 30));
  const latest = parseIsoDate(addDays(options.referenceDate, -20));
  if (latest <= earliest) return formatIsoDate(earliest);
  const days = Math.floor((latest - earliest) / MS_PER_DAY);
  return formatIsoDate(earliest + random.int(0, days) * MS_PER_DAY);
}

function jobTitle(unit: PlannedUnit, position: number, age: number, random: SeededRandom): string {
  const fn = BUSINESS_FUNCTIONS[unit.functionIndex];
  const specialistTitle = fn ? random.pick(fn.jobTitles) : 'Specialist';
  if (unit.level === 0) return ['Chief Executive Officer', 'Executive Assistant', 'Chief of Staff'][position] ?? 'Strategy Analyst';
  if (unit.level === 1) return position === 0 ? `${fn?.division ?? 'Division'} Director` : 'Executive Assistant';
  if (!unit.isTeam) {
    if (position === 0) return unit.level === 2 ? `Head of ${unit.name}` : 'Regional Manager';
    return `Senior ${specialistTitle}`;
  }
  if (position === 0) return 'Team Lead';
  if (age < 26) return `Junior ${specialistTitle}`;
  if (age >= 40 && random.chance(0.5)) return `Senior ${specialistTitle}`;
  return specialistTitle;
}

/** given.family@domain; namesakes get a number, as mail administrators usually do. */
export function uniqueEmail(givenName: string, familyName: string, used: Set<string>): string {
  const local = `${asciiMailPart(givenName)}.${asciiMailPart(familyName)}`;
  let candidate = `${local}@${DEMO_EMAIL_DOMAIN}`;
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${local}${suffix}@${DEMO_EMAIL_DOMAIN}`;
  used.add(candidate);
  return candidate;
}
