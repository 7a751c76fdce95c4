import type { DemoEmployee } from './demo-types.ts';
import type { UnitPlan } from './demo-unit-plan.ts';
import type { SeededRandom } from './seeded-random.ts';

/**
 * The people whose answers (or whose colleagues' answers) are shaped so that the analytics find
 * every risk factor, key role and group dysfunction of the spec at least once. Everyone else
 * answers the ordinary way. All lists hold employee keys.
 */
export interface DemoCast {
  ceo: string;
  /** leader@example.com: the leader of a team of ten. */
  demoLeader: string;
  /** employee@example.com: an ordinary member of the demo leader's team. */
  demoEmployee: string;
  /** Named by more than 20 colleagues on advice; the first is the key person of team A. */
  adviceExperts: string[];
  /** Named by more than 12 colleagues on personal problems; the first is the key person of team B. */
  confidants: string[];
  /** More than 15 mutual cooperation ties; the first leads the oversized team. */
  cooperationHubs: string[];
  /** The one member of each key-person team who connects it to the rest of the company. */
  keyPersons: string[];
  /** Other members of the key-person teams: all their ties stay inside the team. */
  sealed: string[];
  /** No work tie in or out: named by nobody, and they name nobody at work. */
  isolated: string[];
  /** Rarely named by anyone, never on values or expertise. */
  peripheral: string[];
  /** Name colleagues at work who almost never name them back. */
  unreciprocated: string[];
  /** No tie with their leader on the leader-related questions. */
  neglected: string[];
  /** Members of the troubled team who also name nobody for feedback, recognition, development or support. */
  troubledMembers: string[];
  /** Ordinary members with ties into neighbouring units: the bridges between units. */
  boundarySpanners: string[];
}

export function castDemoPeople(
  plan: UnitPlan,
  employees: DemoEmployee[],
  finishedSurveyStart: string,
  random: SeededRandom,
): DemoCast {
  const byUnit = new Map<string, DemoEmployee[]>();
  for (const employee of employees) {
    const members = byUnit.get(employee.unitKey) ?? [];
    members.push(employee);
    byUnit.set(employee.unitKey, members);
  }
  const managerOf = (unitKey: string): DemoEmployee => {
    const manager = byUnit.get(unitKey)?.find((member) => member.isUnitManager);
    if (!manager) throw new Error(`Unit ${unitKey} has no manager`);
    return manager;
  };
  const membersOf = (unitKey: string): DemoEmployee[] =>
    (byUnit.get(unitKey) ?? []).filter((member) => !member.isUnitManager && member.entryDate < finishedSurveyStart);

  const special = plan.special;
  const specialTeams = new Set<string>(Object.values(special));
  const ceo = employees.find((employee) => employee.leaderKey === null);
  if (!ceo) throw new Error('The organisation has no chief executive');

  const demoLeaderTeam = membersOf(special.demoLeader);
  const demoEmployee = random.pick(demoLeaderTeam);
  const keyPersonA = random.pick(membersOf(special.keyPersonA));
  const keyPersonB = random.pick(membersOf(special.keyPersonB));
  const sealed = [...membersOf(special.keyPersonA), ...membersOf(special.keyPersonB)]
    .filter((member) => member.key !== keyPersonA.key && member.key !== keyPersonB.key)
    .map((member) => member.key);

  const troubledTeam = random.shuffled(membersOf(special.troubled));
  // 7 of 11 members: well above the 30% at which the spec calls a group at risk.
  const troubledMembers = troubledTeam.slice(0, Math.ceil(troubledTeam.length * 0.6)).map((member) => member.key);

  // Everyone else in ordinary teams can play one ordinary role; draw them without repeats.
  const ordinaryTeams = plan.units.filter((unit) => unit.isTeam && !specialTeams.has(unit.key));
  const ordinaryMembers = random.shuffled(ordinaryTeams.flatMap((unit) => membersOf(unit.key)));
  let cursor = 0;
  const draw = (count: number, distinctTeams: boolean): string[] => {
    const taken: string[] = [];
    const teamsUsed = new Set<string>();
    const skipped: DemoEmployee[] = [];
    while (taken.length < count && cursor < ordinaryMembers.length) {
      const candidate = ordinaryMembers[cursor++];
      if (!candidate) break;
      if (distinctTeams && teamsUsed.has(candidate.unitKey)) {
        skipped.push(candidate);
        continue;
      }
      teamsUsed.add(candidate.unitKey);
      taken.push(candidate.key);
    }
    // Put back whoever was skipped, so that later draws can still use them.
    ordinaryMembers.splice(cursor, 0, ...skipped);
    return taken;
  };

  const employeeCount = employees.length;
  const secondExpert = draw(1, true);
  const secondConfidant = draw(1, true);
  const coordinator = draw(1, true);
  const isolated = draw(Math.max(3, Math.round(employeeCount * 0.01)), true);
  const unreciprocated = draw(Math.max(4, Math.round(employeeCount * 0.012)), true);
  const peripheral = draw(Math.max(4, Math.round(employeeCount * 0.02)), false);
  const ordinaryNeglected = draw(Math.max(6, Math.round(employeeCount * 0.03)), false);

  // One bridge in about every second ordinary team; the key persons bridge their own teams.
  const taken = new Set([...secondExpert, ...secondConfidant, ...coordinator, ...isolated, ...unreciprocated, ...peripheral, ...ordinaryNeglected]);
  const boundarySpanners: string[] = [keyPersonA.key, keyPersonB.key];
  for (const unit of ordinaryTeams) {
    if (!random.chance(0.5)) continue;
    const candidates = membersOf(unit.key).filter((member) => !taken.has(member.key));
    if (candidates.length > 0) boundarySpanners.push(random.pick(candidates).key);
  }

  return {
    ceo: ceo.key,
    demoLeader: managerOf(special.demoLeader).key,
    demoEmployee: demoEmployee.key,
    adviceExperts: [keyPersonA.key, ...secondExpert],
    confidants: [keyPersonB.key, ...secondConfidant],
    cooperationHubs: [managerOf(special.oversized).key, ...coordinator],
    keyPersons: [keyPersonA.key, keyPersonB.key],
    sealed,
    isolated,
    peripheral,
    unreciprocated,
    // The troubled team's leader is neglected by their own leader too: a leader at risk.
    neglected: [...troubledMembers, managerOf(special.troubled).key, ...ordinaryNeglected],
    troubledMembers,
    boundarySpanners,
  };
}
