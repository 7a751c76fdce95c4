import type { DemoEmployee, DemoLogin, DemoOrganisation } from './demo-types.ts';
import type { DemoCast } from './demo-cast.ts';
import type { SpecialTeams } from './demo-unit-plan.ts';
import { castDemoPeople } from './demo-cast.ts';
import { parseIsoDate } from './demo-dates.ts';
import { buildFinishedEngagement, buildOpenEngagement, demoSurveyWindows } from './demo-engagements.ts';
import { buildEarlierWave } from './demo-earlier-wave.ts';
import { buildLeadershipBlock } from './demo-leadership.ts';
import { createEmployees } from './demo-people.ts';
import { planUnits } from './demo-unit-plan.ts';
import { createSeededRandom } from './seeded-random.ts';

/** The seed of the embedded demo: the same organisation on every machine and every start. */
export const DEMO_SEED = 20260522;
/** "Today" of the demo: inside the open survey's window, after the finished one. */
export const DEMO_REFERENCE_DATE = '2026-10-12';
export const DEFAULT_DEMO_SIZE = 320;

/**
 * The two demo people with a login carry fixed keys, so that generateDemoLogins (and the loader)
 * find them in any copy of the organisation, serialised or not.
 */
export const DEMO_LEADER_KEY = 'emp-demo-leader';
export const DEMO_EMPLOYEE_KEY = 'emp-demo-employee';
export const DEMO_LOGIN_EMAILS = {
  admin: 'admin@example.com',
  leader: 'leader@example.com',
  employee: 'employee@example.com',
} as const;

export interface GenerateDemoOptions {
  seed?: number;
  /** Number of employees; at least 150. Large sizes (5,000, 20,000) serve the benchmarks. */
  size?: number;
  /** YYYY-MM-DD; the open survey's window contains it and nothing is dated after it except that window's end. */
  referenceDate?: string;
  /** The analysed wave before the finished survey (default true); benchmarks of one wave leave it out. */
  earlierWave?: boolean;
}

export function generateDemoOrganisation(options: GenerateDemoOptions = {}): DemoOrganisation {
  const seed = options.seed ?? DEMO_SEED;
  const size = options.size ?? DEFAULT_DEMO_SIZE;
  const referenceDate = options.referenceDate ?? DEMO_REFERENCE_DATE;
  parseIsoDate(referenceDate);
  const random = createSeededRandom(seed);
  const windows = demoSurveyWindows(referenceDate);

  const plan = planUnits(size, random.fork('units'));
  const generated = createEmployees(plan, { referenceDate, finishedSurveyStart: windows.finished.accessFrom }, random.fork('people'));
  const generatedCast = castDemoPeople(plan, generated, windows.finished.accessFrom, random.fork('cast'));
  const { employees, cast } = giveDemoPeopleFixedKeys(generated, generatedCast);
  const units = plan.units.map(({ key, name, parentKey, level }) => ({ key, name, parentKey, level }));

  const context = { employees, units, cast, mustFinish: peopleWhoMustFinish(cast, employees, plan.special) };
  const finished = buildFinishedEngagement(windows.finished, context, random.fork('finished-engagement'));
  // The 360 block draws from its own stream, so everything else stays as it was without it.
  const leadership = buildLeadershipBlock(finished, employees, random.fork('leadership-360'));
  // The wave before, with people who left since and a team not yet split; its own stream, so the rest stays as it was.
  const earlier =
    options.earlierWave === false
      ? null
      : buildEarlierWave(
          { plan, employees, units, cast, finished: windows.finished, mustFinish: (earlierCast, roster) => peopleWhoMustFinish(earlierCast, roster, plan.special) },
          random.fork('earlier-wave'),
        );
  const open = buildOpenEngagement(windows.open, referenceDate, context, random.fork('open-engagement'));
  return {
    key: 'demo-company',
    name: 'Demo Company',
    units,
    employees,
    engagements: earlier
      ? // The earlier wave last, so that the journeys above keep the database ids they had before it existed.
        [{ ...finished, leadership, previousKey: earlier.key }, open, earlier]
      : [{ ...finished, leadership }, open],
  };
}

/**
 * The three demo logins. admin@example.com is linked to no employee: the administrator runs the
 * product for both demo organisations, and an employee record belongs to one of them; linking it
 * to the CEO would also mix the CEO's own (self_only) views into the administrator's.
 */
export function generateDemoLogins(organisation: DemoOrganisation): DemoLogin[] {
  const find = (key: string): DemoEmployee => {
    const employee = organisation.employees.find((candidate) => candidate.key === key);
    if (!employee) throw new Error(`The organisation ${organisation.key} has no demo person ${key}; was it made by generateDemoOrganisation?`);
    return employee;
  };
  const leader = find(DEMO_LEADER_KEY);
  const employee = find(DEMO_EMPLOYEE_KEY);
  return [
    { email: DEMO_LOGIN_EMAILS.admin, name: 'Demo Admin', employeeKey: null, role: 'admin' },
    { email: DEMO_LOGIN_EMAILS.leader, name: leader.name, employeeKey: leader.key, role: 'leader' },
    { email: DEMO_LOGIN_EMAILS.employee, name: employee.name, employeeKey: employee.key, role: 'employee' },
  ];
}

function giveDemoPeopleFixedKeys(employees: DemoEmployee[], cast: DemoCast): { employees: DemoEmployee[]; cast: DemoCast } {
  const renamed = new Map([
    [cast.demoLeader, DEMO_LEADER_KEY],
    [cast.demoEmployee, DEMO_EMPLOYEE_KEY],
  ]);
  const rename = (key: string): string => renamed.get(key) ?? key;
  return {
    employees: employees.map((employee) => ({
      ...employee,
      key: rename(employee.key),
      leaderKey: employee.leaderKey === null ? null : rename(employee.leaderKey),
    })),
    // The demo people play no other role, so only these two fields carry their keys.
    cast: { ...cast, demoLeader: DEMO_LEADER_KEY, demoEmployee: DEMO_EMPLOYEE_KEY },
  };
}

/** Everyone whose answers carry a phenomenon, and whole special teams, so that none is lost to non-response. */
export function peopleWhoMustFinish(cast: DemoCast, employees: readonly DemoEmployee[], specialTeams: SpecialTeams): Set<string> {
  const teams = new Set(Object.values(specialTeams));
  return new Set([
    cast.ceo,
    cast.demoLeader,
    cast.demoEmployee,
    ...cast.adviceExperts,
    ...cast.confidants,
    ...cast.cooperationHubs,
    ...cast.keyPersons,
    ...cast.isolated,
    ...cast.unreciprocated,
    ...cast.neglected,
    ...employees.filter((employee) => teams.has(employee.unitKey)).map((employee) => employee.key),
  ]);
}
