import type { DemoUnit } from './demo-types.ts';
import type { SeededRandom } from './seeded-random.ts';
import { AREAS, BUSINESS_FUNCTIONS, TEAM_SITES, nthName } from './demo-unit-catalog.ts';

/** A unit together with what the people generator needs to staff it. */
export interface PlannedUnit extends DemoUnit {
  childKeys: string[];
  isTeam: boolean;
  /** People in the unit, its manager included. */
  headcount: number;
  /** Index into BUSINESS_FUNCTIONS; -1 for the company unit. */
  functionIndex: number;
  /** The department a team or region belongs to, for job titles; empty above departments. */
  departmentName: string;
}

/** Teams that the survey simulation turns into the phenomena the analytics must find. */
export interface SpecialTeams {
  /** One manager with more than 15 direct reports (the spec's limit). */
  oversized: string;
  /** The team of leader@example.com: the leader and 10 people. */
  demoLeader: string;
  /** A team where most members have no tie to their leader and the team falls apart. */
  troubled: string;
  /** Two teams that depend on one key person each. */
  keyPersonA: string;
  keyPersonB: string;
}

export interface UnitPlan {
  /** Top-down (breadth-first) order: every parent comes before its children. */
  units: PlannedUnit[];
  special: SpecialTeams;
}

export const TEAM_SIZE_MIN = 8;
export const TEAM_SIZE_MAX = 15;
/** 18 people: the team leader has 17 direct reports, above the spec's limit of 15. */
export const OVERSIZED_TEAM_SIZE = 18;
/** The demo leader plus 10 people: "about 10 people in their subtree" (DECISIONS.md). */
export const DEMO_LEADER_TEAM_SIZE = 11;
const FIXED_SPECIAL_SIZES = { troubled: 12, keyPersonA: 12, keyPersonB: 11 } as const;
/** Fewer people than this leave no room for every phenomenon next to ordinary teams. */
export const MIN_ORGANISATION_SIZE = 150;
/** Above this many units under one parent, another level of grouping is added. */
const MAX_TOP_UNITS = 8;

interface ShapeNode {
  children: ShapeNode[];
}

export function planUnits(size: number, random: SeededRandom): UnitPlan {
  if (!Number.isInteger(size) || size < MIN_ORGANISATION_SIZE) {
    throw new Error(`size must be a whole number of at least ${MIN_ORGANISATION_SIZE} employees, got ${size}`);
  }
  // The overhead of managers above the teams depends on the tree, which depends on the number of
  // teams: try team counts until the rest divides into teams of a typical size.
  let teamCount = Math.max(6, Math.round(size / 12.3));
  for (let attempt = 0; attempt < 200; attempt++) {
    const plan = planForTeamCount(teamCount, random.fork(`units-${teamCount}`));
    const teams = plan.units.filter((unit) => unit.isTeam);
    const overhead = plan.units.filter((unit) => !unit.isTeam).reduce((sum, unit) => sum + unit.headcount, 0);
    const fixed = teams.reduce((sum, unit) => sum + unit.headcount, 0);
    const flexibleTeams = teams.filter((unit) => unit.headcount === 0);
    const average = (size - overhead - fixed) / flexibleTeams.length;
    if (average > 12.5) teamCount++;
    else if (average < 9.5) teamCount--;
    else {
      spreadTeamSizes(flexibleTeams, size - overhead - fixed, random.fork('team-sizes'));
      return plan;
    }
  }
  throw new Error(`Could not divide ${size} employees into teams of ${TEAM_SIZE_MIN}–${TEAM_SIZE_MAX}`);
}

function planForTeamCount(teamCount: number, random: SeededRandom): UnitPlan {
  let layer: ShapeNode[] = Array.from({ length: teamCount }, () => ({ children: [] }));
  let groupingLevels = 0;
  // At least departments and divisions, so that the tree has four levels with the company.
  while (layer.length > MAX_TOP_UNITS || groupingLevels < 2) {
    layer = groupLayer(layer, random);
    groupingLevels++;
  }
  const root: ShapeNode = { children: layer };
  const units = nameUnits(root, random);
  const special = chooseSpecialTeams(units, random);
  for (const unit of units) {
    if (unit.key === special.oversized) unit.headcount = OVERSIZED_TEAM_SIZE;
    else if (unit.key === special.demoLeader) unit.headcount = DEMO_LEADER_TEAM_SIZE;
    else if (unit.key === special.troubled) unit.headcount = FIXED_SPECIAL_SIZES.troubled;
    else if (unit.key === special.keyPersonA) unit.headcount = FIXED_SPECIAL_SIZES.keyPersonA;
    else if (unit.key === special.keyPersonB) unit.headcount = FIXED_SPECIAL_SIZES.keyPersonB;
  }
  return { units, special };
}

/** Groups of two or three, never a group of one: a department with a single team is no department. */
function groupLayer(nodes: ShapeNode[], random: SeededRandom): ShapeNode[] {
  const groups: ShapeNode[] = [];
  let index = 0;
  while (index < nodes.length) {
    const remaining = nodes.length - index;
    let take = random.int(2, 3);
    const leftover = remaining - take;
    if (leftover > 0 && leftover < 2) take = remaining <= 3 ? remaining : remaining - 2;
    take = Math.min(take, remaining);
    groups.push({ children: nodes.slice(index, index + take) });
    index += take;
  }
  return groups;
}

function nameUnits(root: ShapeNode, random: SeededRandom): PlannedUnit[] {
  const units: PlannedUnit[] = [];
  // How often each name has been handed out, so that the next one gets "II", "III" or a new site.
  const functionUse = new Map<string, number>();
  const departmentUse = new Map<string, number>();
  const teamUse = new Map<string, number>();
  const areaUse = new Map<string, number>();
  const keyOf = (index: number): string => `unit-${String(index + 1).padStart(4, '0')}`;

  const company: PlannedUnit = {
    key: keyOf(0),
    name: 'Demo Company',
    parentKey: null,
    level: 0,
    childKeys: [],
    isTeam: false,
    headcount: 3,
    functionIndex: -1,
    departmentName: '',
  };
  units.push(company);
  const queue: { node: ShapeNode; unit: PlannedUnit }[] = [{ node: root, unit: company }];
  for (let head = 0; head < queue.length; head++) {
    const item = queue[head];
    if (!item) break;
    item.node.children.forEach((child, childIndex) => {
      const parent = item.unit;
      const level = parent.level + 1;
      const isTeam = child.children.length === 0;
      let functionIndex = parent.functionIndex;
      let departmentName = parent.departmentName;
      let name: string;
      if (level === 1) {
        // Spread divisions over the functions in catalogue order, wrapping with "II", "III".
        functionIndex = childIndex % BUSINESS_FUNCTIONS.length;
        const round = takeNext(functionUse, String(functionIndex));
        const fn = BUSINESS_FUNCTIONS[functionIndex];
        name = nthName([fn?.division ?? 'Division'], round);
      } else if (isTeam) {
        const base = departmentName || (BUSINESS_FUNCTIONS[functionIndex]?.division ?? 'Team');
        name = `${base} – Team ${nthName(TEAM_SITES, takeNext(teamUse, base))}`;
      } else if (level === 2) {
        const fn = BUSINESS_FUNCTIONS[functionIndex];
        const departments = fn?.departments ?? ['Department'];
        const catalogueName = nthName(departments, takeNext(departmentUse, String(functionIndex)));
        departmentName = catalogueName;
        name = catalogueName;
      } else {
        name = `${departmentName} – ${nthName(AREAS, takeNext(areaUse, departmentName))}`;
        departmentName = name;
      }
      const unit: PlannedUnit = {
        key: keyOf(units.length),
        name,
        parentKey: parent.key,
        level,
        childKeys: [],
        isTeam,
        // Teams are sized later; a division has its head and an assistant, a department its head
        // and sometimes a senior specialist who works across the teams.
        headcount: isTeam ? 0 : level === 1 ? 2 : random.chance(0.5) ? 2 : 1,
        functionIndex,
        departmentName,
      };
      parent.childKeys.push(unit.key);
      units.push(unit);
      queue.push({ node: child, unit });
    });
  }
  return units;
}

function takeNext(counter: Map<string, number>, key: string): number {
  const used = counter.get(key) ?? 0;
  counter.set(key, used + 1);
  return used;
}

function chooseSpecialTeams(units: PlannedUnit[], random: SeededRandom): SpecialTeams {
  const teams = random.shuffled(units.filter((unit) => unit.isTeam));
  const usedParents = new Set<string | null>();
  const chosen: string[] = [];
  // Different departments, so that one department's answers do not have to carry two phenomena.
  for (const team of teams) {
    if (chosen.length === 5) break;
    if (usedParents.has(team.parentKey)) continue;
    usedParents.add(team.parentKey);
    chosen.push(team.key);
  }
  for (const team of teams) {
    if (chosen.length === 5) break;
    if (!chosen.includes(team.key)) chosen.push(team.key);
  }
  const [oversized, demoLeader, troubled, keyPersonA, keyPersonB] = chosen;
  if (!oversized || !demoLeader || !troubled || !keyPersonA || !keyPersonB) {
    throw new Error('The organisation needs at least five teams');
  }
  return { oversized, demoLeader, troubled, keyPersonA, keyPersonB };
}

/** Sizes between the limits that add up exactly to the people left for ordinary teams. */
function spreadTeamSizes(teams: PlannedUnit[], people: number, random: SeededRandom): void {
  for (const team of teams) team.headcount = random.int(9, 13);
  let difference = people - teams.reduce((sum, team) => sum + team.headcount, 0);
  while (difference !== 0) {
    const team = random.pick(teams);
    if (difference > 0 && team.headcount < TEAM_SIZE_MAX) {
      team.headcount++;
      difference--;
    } else if (difference < 0 && team.headcount > TEAM_SIZE_MIN) {
      team.headcount--;
      difference++;
    }
  }
}
