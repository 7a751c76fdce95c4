import type { DemoEmployee, DemoQuestion, DemoQuestionKind, DemoUnit } from './demo-types.ts';
import type { DemoCast } from './demo-cast.ts';
import type { SeededRandom } from './seeded-random.ts';
import type { Relation } from './demo-nomination-weights.ts';
import {
  LEADER_RELATION_KINDS,
  RELATION_PRIORITY,
  RELATION_WEIGHTS,
  UNSUPPORTED_KINDS,
  WORK_KINDS,
  choiceRange,
} from './demo-nomination-weights.ts';

export interface NominationSimulationInput {
  employees: readonly DemoEmployee[];
  units: readonly DemoUnit[];
  participantKeys: readonly string[];
  /** How many questions each participant answered, in survey order; absent means none. */
  answeredCounts: ReadonlyMap<string, number>;
  questions: readonly DemoQuestion[];
  cast: DemoCast;
}

export interface SimulatedSelection {
  employeeKey: string;
  questionKey: string;
  selectedKeys: string[];
}

/** Askers the advice experts get: above the spec's 20 even if a few of them skip the question. */
const EXPERT_ASKERS = 24;
/** People turning to a confidant: above the spec's 12. */
const CONFIDANT_ASKERS = 15;
/** Mutual cooperation partners of a hub: above the spec's 15. */
const HUB_PARTNERS = 18;
/** Spanners also know a few spanners anywhere in the company: the long bridges. */
const DISTANT_SPANNER_CONTACTS = 3;

/** Bit flags of the cast roles, kept in one typed array for the hot sampling loop. */
const Flag = {
  Isolated: 1,
  Peripheral: 2,
  Unreciprocated: 4,
  Sealed: 8,
  Troubled: 16,
  Spanner: 32,
  Neglected: 64,
  Expert: 128,
  Confidant: 256,
  Hub: 512,
} as const;
type Flag = (typeof Flag)[keyof typeof Flag];

/** Who names whom on which question. Pure: the same input and seed give the same selections. */
export function simulateNominations(input: NominationSimulationInput, random: SeededRandom): SimulatedSelection[] {
  const model = buildModel(input, random.fork('model'));
  const forced = planForcedNominations(model, input, random.fork('forced'));
  const sampling = random.fork('sampling');
  const selections: SimulatedSelection[] = [];
  const questions = [...input.questions].sort((a, b) => a.order - b.order);

  for (let respondent = 0; respondent < model.size; respondent++) {
    const answered = model.answeredCount[respondent] ?? 0;
    if (answered === 0) continue;
    const pool = buildPool(model, respondent);
    const generosity = sampling.int(0, 2) as 0 | 1 | 2;
    questions.slice(0, answered).forEach((question) => {
      const chosen = chooseForQuestion(model, respondent, question.kind, pool, generosity, forced.get(respondent)?.get(question.kind), sampling);
      selections.push({
        employeeKey: model.keys[respondent] ?? '',
        questionKey: question.key,
        selectedKeys: chosen.sort((a, b) => a - b).map((index) => model.keys[index] ?? ''),
      });
    });
  }
  return selections;
}

interface Model {
  size: number;
  keys: string[];
  unitOf: string[];
  leaderOf: Int32Array;
  isManager: Uint8Array;
  flags: Uint32Array;
  answeredCount: Int32Array;
  kindPosition: Map<DemoQuestionKind, number>;
  reportsOf: number[][];
  membersOf: Map<string, number[]>;
  unitParent: Map<string, string | null>;
  unitChildren: Map<string, string[]>;
  spannersOf: Map<string, number[]>;
  allSpanners: number[];
  friendsOf: number[][];
  ceo: number;
}

function buildModel(input: NominationSimulationInput, random: SeededRandom): Model {
  const employeeByKey = new Map(input.employees.map((employee) => [employee.key, employee]));
  const keys = [...input.participantKeys];
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const size = keys.length;
  const unitOf: string[] = [];
  const leaderOf = new Int32Array(size).fill(-1);
  const isManager = new Uint8Array(size);
  const answeredCount = new Int32Array(size);
  const reportsOf: number[][] = Array.from({ length: size }, () => []);
  const membersOf = new Map<string, number[]>();

  keys.forEach((key, index) => {
    const employee = employeeByKey.get(key);
    if (!employee) throw new Error(`Participant ${key} is not an employee`);
    unitOf.push(employee.unitKey);
    isManager[index] = employee.isUnitManager ? 1 : 0;
    answeredCount[index] = input.answeredCounts.get(key) ?? 0;
    const leader = employee.leaderKey === null ? undefined : indexOf.get(employee.leaderKey);
    if (leader !== undefined) {
      leaderOf[index] = leader;
      reportsOf[leader]?.push(index);
    }
    const members = membersOf.get(employee.unitKey) ?? [];
    members.push(index);
    membersOf.set(employee.unitKey, members);
  });

  const flags = new Uint32Array(size);
  const mark = (list: readonly string[], flag: Flag): void => {
    for (const key of list) {
      const index = indexOf.get(key);
      if (index !== undefined) flags[index] = (flags[index] ?? 0) | flag;
    }
  };
  const cast = input.cast;
  mark(cast.isolated, Flag.Isolated);
  mark(cast.peripheral, Flag.Peripheral);
  mark(cast.unreciprocated, Flag.Unreciprocated);
  mark(cast.sealed, Flag.Sealed);
  mark(cast.troubledMembers, Flag.Troubled);
  mark(cast.boundarySpanners, Flag.Spanner);
  mark(cast.neglected, Flag.Neglected);
  mark(cast.adviceExperts, Flag.Expert);
  mark(cast.confidants, Flag.Confidant);
  mark(cast.cooperationHubs, Flag.Hub);

  const unitParent = new Map<string, string | null>();
  const unitChildren = new Map<string, string[]>();
  for (const unit of input.units) {
    unitParent.set(unit.key, unit.parentKey);
    if (unit.parentKey !== null) {
      const children = unitChildren.get(unit.parentKey) ?? [];
      children.push(unit.key);
      unitChildren.set(unit.parentKey, children);
    }
  }

  const spannersOf = new Map<string, number[]>();
  const allSpanners: number[] = [];
  for (let index = 0; index < size; index++) {
    if (((flags[index] ?? 0) & Flag.Spanner) === 0) continue;
    allSpanners.push(index);
    const unit = unitOf[index] ?? '';
    spannersOf.set(unit, [...(spannersOf.get(unit) ?? []), index]);
  }

  // Friendships across units: about a third of the people have a friend elsewhere. Only the
  // personal and sympathy questions use them much, so they do not blur the work structure.
  const friendsOf: number[][] = Array.from({ length: size }, () => []);
  const befriendable = (index: number): boolean => ((flags[index] ?? 0) & (Flag.Isolated | Flag.Sealed)) === 0;
  for (let index = 0; index < size; index++) {
    if (!befriendable(index) || !random.chance(0.35)) continue;
    const other = random.int(0, size - 1);
    if (other === index || !befriendable(other) || unitOf[other] === unitOf[index]) continue;
    friendsOf[index]?.push(other);
    friendsOf[other]?.push(index);
  }

  const ceoKey = cast.ceo;
  return {
    size,
    keys,
    unitOf,
    leaderOf,
    isManager,
    flags,
    answeredCount,
    kindPosition: new Map([...input.questions].sort((a, b) => a.order - b.order).map((question, position) => [question.kind, position])),
    reportsOf,
    membersOf,
    unitParent,
    unitChildren,
    spannersOf,
    allSpanners,
    friendsOf,
    ceo: indexOf.get(ceoKey) ?? -1,
  };
}

const has = (model: Model, index: number, flag: Flag): boolean => ((model.flags[index] ?? 0) & flag) !== 0;

function answers(model: Model, index: number, kind: DemoQuestionKind): boolean {
  const position = model.kindPosition.get(kind);
  return position !== undefined && (model.answeredCount[index] ?? 0) > position;
}

/** Units one step away in the tree: siblings, the parent unit and child units. */
function adjacentUnits(model: Model, unitKey: string): string[] {
  const parent = model.unitParent.get(unitKey) ?? null;
  const adjacent: string[] = [];
  if (parent !== null) {
    adjacent.push(parent);
    for (const sibling of model.unitChildren.get(parent) ?? []) if (sibling !== unitKey) adjacent.push(sibling);
  }
  adjacent.push(...(model.unitChildren.get(unitKey) ?? []));
  return adjacent;
}

interface PoolEntry {
  target: number;
  relation: Relation;
}

function buildPool(model: Model, respondent: number): PoolEntry[] {
  const relationOf = new Map<number, Relation>();
  const rank = (relation: Relation): number => RELATION_PRIORITY.indexOf(relation);
  const add = (target: number, relation: Relation): void => {
    if (target < 0 || target === respondent) return;
    const existing = relationOf.get(target);
    if (existing === undefined || rank(relation) < rank(existing)) relationOf.set(target, relation);
  };
  const sealed = has(model, respondent, Flag.Sealed);
  const unit = model.unitOf[respondent] ?? '';
  const leader = model.leaderOf[respondent] ?? -1;

  add(leader, 'leader');
  for (const report of model.reportsOf[respondent] ?? []) add(report, 'report');
  for (const member of model.membersOf.get(unit) ?? []) add(member, 'team');
  if (!sealed) {
    if (model.isManager[respondent] && leader >= 0) {
      for (const peer of model.reportsOf[leader] ?? []) if (model.isManager[peer]) add(peer, 'peerManager');
    }
    if (leader >= 0) add(model.leaderOf[leader] ?? -1, 'skipLevel');
    add(model.ceo, 'ceo');
    const isSpanner = has(model, respondent, Flag.Spanner);
    for (const adjacent of adjacentUnits(model, unit)) {
      for (const member of model.membersOf.get(adjacent) ?? []) add(member, isSpanner ? 'reach' : 'adjacent');
      for (const spanner of model.spannersOf.get(adjacent) ?? []) add(spanner, 'spanner');
    }
    if (isSpanner && model.allSpanners.length > 0) {
      // A deterministic spread of distant contacts, so that bridges also cross divisions.
      for (let step = 1; step <= DISTANT_SPANNER_CONTACTS; step++) {
        const at = (respondent * 7919 + step * 104729) % model.allSpanners.length;
        add(model.allSpanners[at] ?? -1, 'spanner');
      }
    }
    for (const friend of model.friendsOf[respondent] ?? []) add(friend, 'friend');
  }
  const pool: PoolEntry[] = [];
  for (const [target, relation] of relationOf) {
    if (has(model, target, Flag.Isolated)) continue;
    // Sealed people are reachable only from inside their own team and line.
    if (has(model, target, Flag.Sealed) && relation !== 'team' && relation !== 'leader' && relation !== 'report') continue;
    pool.push({ target, relation });
  }
  return pool;
}

function chooseForQuestion(
  model: Model,
  respondent: number,
  kind: DemoQuestionKind,
  pool: readonly PoolEntry[],
  generosity: 0 | 1 | 2,
  forcedTargets: readonly number[] | undefined,
  random: SeededRandom,
): number[] {
  const isolated = has(model, respondent, Flag.Isolated);
  if (isolated && kind !== 'sympathy') return [];
  if (has(model, respondent, Flag.Troubled) && UNSUPPORTED_KINDS.has(kind)) return [];

  const chosen = new Set<number>(forcedTargets ?? []);
  const [low, high] = choiceRange(kind, generosity);
  const wanted = isolated ? 1 : random.int(low, high);
  const weights = new Float64Array(pool.length);
  let total = 0;
  pool.forEach((entry, position) => {
    if (chosen.has(entry.target)) return;
    if (isolated && entry.relation !== 'team') return;
    const weight = pairWeight(model, respondent, entry, kind);
    weights[position] = weight;
    total += weight;
  });
  while (chosen.size < wanted && total > 1e-12) {
    let draw = random.next() * total;
    let position = 0;
    for (; position < weights.length - 1; position++) {
      draw -= weights[position] ?? 0;
      if (draw < 0) break;
    }
    const entry = pool[position];
    const weight = weights[position] ?? 0;
    if (!entry || weight <= 0) break;
    chosen.add(entry.target);
    total -= weight;
    weights[position] = 0;
  }
  return [...chosen];
}

function pairWeight(model: Model, respondent: number, entry: PoolEntry, kind: DemoQuestionKind): number {
  const { target, relation } = entry;
  let weight = RELATION_WEIGHTS[relation][kind];
  if (weight === 0) return 0;

  const neglectedPair =
    (has(model, respondent, Flag.Neglected) && model.leaderOf[respondent] === target) ||
    (has(model, target, Flag.Neglected) && model.leaderOf[target] === respondent);
  if (neglectedPair && LEADER_RELATION_KINDS.has(kind)) return 0;

  if (has(model, respondent, Flag.Troubled)) {
    // The troubled team looks outward and does not ask up: an incoherent team with no development.
    if (relation === 'team') weight *= 0.35;
    if (relation === 'adjacent') weight *= 6;
    if (kind === 'advice' && model.isManager[target]) return 0;
  }
  if (has(model, target, Flag.Unreciprocated)) weight *= WORK_KINDS.has(kind) ? 0 : 0.3;
  if (has(model, target, Flag.Peripheral)) weight *= kind === 'values' || kind === 'expertise' ? 0 : 0.1;
  if (has(model, target, Flag.Expert)) weight *= kind === 'advice' || kind === 'expertise' ? 4 : kind === 'idea' || kind === 'opinion' ? 2 : 1;
  if (has(model, target, Flag.Confidant)) weight *= kind === 'personal' ? 5 : kind === 'sympathy' ? 2 : kind === 'advice' || kind === 'expertise' ? 2.5 : 1;
  if (has(model, target, Flag.Hub) && kind === 'cooperation') weight *= 3;
  return weight;
}

type ForcedNominations = Map<number, Map<DemoQuestionKind, number[]>>;

/**
 * The few nominations that make the overloaded people overloaded: sampling alone would spread
 * them too evenly to pass the spec's thresholds (20 advice seekers, 12 personal, 15 mutual).
 */
function planForcedNominations(model: Model, input: NominationSimulationInput, random: SeededRandom): ForcedNominations {
  const forced: ForcedNominations = new Map();
  const indexOf = new Map(model.keys.map((key, index) => [key, index]));
  const nominate = (source: number, kind: DemoQuestionKind, target: number): void => {
    if (source === target || !answers(model, source, kind)) return;
    const byKind = forced.get(source) ?? new Map<DemoQuestionKind, number[]>();
    const targets = byKind.get(kind) ?? [];
    if (!targets.includes(target)) targets.push(target);
    byKind.set(kind, targets);
    forced.set(source, byKind);
  };
  const eligible = (person: number, focus: number, kind: DemoQuestionKind): boolean =>
    person !== focus &&
    answers(model, person, kind) &&
    !has(model, person, Flag.Isolated) &&
    !has(model, person, Flag.Troubled) &&
    !has(model, person, Flag.Unreciprocated) &&
    (!has(model, person, Flag.Sealed) || model.unitOf[person] === model.unitOf[focus]) &&
    !(has(model, person, Flag.Neglected) && model.leaderOf[person] === focus);

  for (const key of input.cast.adviceExperts) {
    const expert = indexOf.get(key);
    if (expert === undefined) continue;
    for (const asker of nearbyPeople(model, expert, EXPERT_ASKERS, (person) => eligible(person, expert, 'advice'), random)) {
      nominate(asker, 'advice', expert);
    }
  }
  for (const key of input.cast.confidants) {
    const confidant = indexOf.get(key);
    if (confidant === undefined) continue;
    for (const asker of nearbyPeople(model, confidant, CONFIDANT_ASKERS, (person) => eligible(person, confidant, 'personal'), random)) {
      nominate(asker, 'personal', confidant);
    }
  }
  for (const key of input.cast.cooperationHubs) {
    const hub = indexOf.get(key);
    if (hub === undefined || !answers(model, hub, 'cooperation')) continue;
    const reports = (model.reportsOf[hub] ?? []).filter((person) => eligible(person, hub, 'cooperation'));
    const others = nearbyPeople(model, hub, HUB_PARTNERS, (person) => eligible(person, hub, 'cooperation') && !reports.includes(person), random);
    const partners = [...reports, ...others].slice(0, Math.max(HUB_PARTNERS, reports.length));
    for (const partner of partners) {
      nominate(hub, 'cooperation', partner);
      nominate(partner, 'cooperation', hub);
    }
  }
  return forced;
}

/**
 * People around a focus person, closest first: their own unit, then the subtree of each ancestor
 * unit in turn. Each ring is shuffled so that the chosen ones are not always the first employees.
 */
function nearbyPeople(model: Model, focus: number, count: number, accept: (person: number) => boolean, random: SeededRandom): number[] {
  const found: number[] = [];
  const seen = new Set<number>([focus]);
  let unit: string | null = model.unitOf[focus] ?? null;
  while (unit !== null && found.length < count) {
    const ring = random.shuffled(subtreeMembers(model, unit).filter((person) => !seen.has(person)));
    for (const person of ring) {
      seen.add(person);
      if (found.length < count && accept(person)) found.push(person);
    }
    unit = model.unitParent.get(unit) ?? null;
  }
  return found;
}

function subtreeMembers(model: Model, unitKey: string): number[] {
  const members: number[] = [];
  const stack = [unitKey];
  while (stack.length > 0) {
    const unit = stack.pop();
    if (unit === undefined) break;
    members.push(...(model.membersOf.get(unit) ?? []));
    stack.push(...(model.unitChildren.get(unit) ?? []));
  }
  return members;
}
