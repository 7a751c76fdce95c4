import { WORK_KINDS } from '../types.ts';
import { bridgesBetweenGroups, undirectedNeighbours } from './bridges.ts';
import type { BridgeLoss, NetworkChange, PersonChange, PersonSide, PersonTie, TieCounts, WaveNetworkKey, WaveSnapshot } from './wave-types.ts';

/** A tie of one journey between two of its analysed people, with the compared questions it was named on. */
interface SideTie {
  a: number;
  b: number;
  questions: number[];
}

/** Question keys asked in both journeys (later order) and those asked in one only. */
export function matchQuestions(then: WaveSnapshot, now: WaveSnapshot): { keys: string[]; onlyThen: string[]; onlyNow: string[] } {
  const keysOf = (wave: WaveSnapshot): string[] => {
    const keys: string[] = [];
    for (const question of wave.input.questions) {
      const key = wave.questionKeys.get(question.id);
      if (key !== undefined && !keys.includes(key)) keys.push(key);
    }
    return keys;
  };
  const before = keysOf(then);
  const after = keysOf(now);
  return { keys: after.filter((key) => before.includes(key)), onlyThen: before.filter((key) => !after.includes(key)), onlyNow: after.filter((key) => !before.includes(key)) };
}

/** The analysed ties of one journey (the stored graph: what the figures were computed from) on compared questions. */
function sideTies(wave: WaveSnapshot, sides: readonly PersonSide[], questionIndex: ReadonlyMap<string, number>): SideTie[] {
  const indexOfId = new Map(sides.map((side) => [side.id, side.index]));
  const ties: SideTie[] = [];
  for (const edge of wave.result.graph.edges) {
    const a = indexOfId.get(edge.source);
    const b = indexOfId.get(edge.target);
    if (a === undefined || b === undefined) continue;
    const questions: number[] = [];
    for (const id of edge.questions) {
      const key = wave.questionKeys.get(id);
      const index = key === undefined ? undefined : questionIndex.get(key);
      if (index !== undefined && !questions.includes(index)) questions.push(index);
    }
    if (questions.length > 0) ties.push({ a, b, questions: questions.sort((x, y) => x - y) });
  }
  return ties;
}

export interface TieMaterial {
  ties: PersonTie[];
  networks: NetworkChange[];
}

/**
 * Ties kept, added and lost between matched people, per compared question and on all work
 * questions together; the people who became isolated; the bridges of the earlier network that
 * are gone. `workKeys` are the compared questions of a work kind (in the later journey).
 */
export function compareTies(then: WaveSnapshot, now: WaveSnapshot, thenSides: readonly PersonSide[], nowSides: readonly PersonSide[], people: readonly PersonChange[], questionKeys: readonly string[]): TieMaterial {
  const questionIndex = new Map(questionKeys.map((key, index) => [key, index]));
  const thenTies = sideTies(then, thenSides, questionIndex);
  const nowTies = sideTies(now, nowSides, questionIndex);
  // Side index → person index, for matched people only (unmatched people's ties cannot be compared).
  const personOfThen = new Int32Array(thenSides.length).fill(-1);
  const personOfNow = new Int32Array(nowSides.length).fill(-1);
  people.forEach((person, p) => {
    if (person.status === 'unmatched') return;
    if (person.then) personOfThen[person.then.index] = p;
    if (person.now) personOfNow[person.now.index] = p;
  });

  const byPair = new Map<number, PersonTie>();
  const n = people.length;
  const collect = (ties: readonly SideTie[], personOf: Int32Array, side: 'then' | 'now'): void => {
    for (const tie of ties) {
      const source = personOf[tie.a]!;
      const target = personOf[tie.b]!;
      if (source < 0 || target < 0) continue;
      const key = source * n + target;
      let entry = byPair.get(key);
      if (!entry) {
        entry = { source, target, then: [], now: [] };
        byPair.set(key, entry);
      }
      (entry[side] as number[]).push(...tie.questions);
    }
  };
  collect(thenTies, personOfThen, 'then');
  collect(nowTies, personOfNow, 'now');
  const ties = [...byPair.values()].sort((x, y) => x.source - y.source || x.target - y.target);

  const workKinds = new Set<string>(WORK_KINDS);
  const kindOfKey = new Map<string, string>();
  for (const question of now.input.questions) {
    const key = now.questionKeys.get(question.id);
    if (key !== undefined && !kindOfKey.has(key)) kindOfKey.set(key, question.kind);
  }
  const work = new Set(questionKeys.flatMap((key, index) => (workKinds.has(kindOfKey.get(key) ?? '') ? [index] : [])));
  const networks: { key: WaveNetworkKey; questionKey: string | null; holds: (q: number) => boolean }[] = [
    { key: 'work', questionKey: null, holds: (q) => work.has(q) },
    ...questionKeys.map((questionKey, index) => ({ key: `question:${questionKey}` as const, questionKey, holds: (q: number) => q === index })),
  ];

  const context = { people, ties, byPair, n, thenTies, nowTies, thenSides, nowSides, personOfThen };
  return { ties, networks: networks.map((network) => networkChange(context, network.key, network.questionKey, network.holds)) };
}

interface NetworkContext {
  people: readonly PersonChange[];
  ties: readonly PersonTie[];
  byPair: ReadonlyMap<number, PersonTie>;
  n: number;
  thenTies: readonly SideTie[];
  nowTies: readonly SideTie[];
  thenSides: readonly PersonSide[];
  nowSides: readonly PersonSide[];
  personOfThen: Int32Array;
}

function networkChange(context: NetworkContext, key: WaveNetworkKey, questionKey: string | null, holds: (q: number) => boolean): NetworkChange {
  const { people } = context;
  const counts: TieCounts = { then: 0, now: 0, kept: 0, added: 0, lost: 0, addedWithJoiners: 0, lostWithLeavers: 0, addedByNewRespondents: 0, lostByNonRespondents: 0 };
  const inThen = (tie: PersonTie | undefined): boolean => tie !== undefined && tie.then.some(holds);
  const inNow = (tie: PersonTie | undefined): boolean => tie !== undefined && tie.now.some(holds);
  for (const tie of context.ties) {
    const before = inThen(tie);
    const after = inNow(tie);
    if (before) counts.then++;
    if (after) counts.now++;
    const source = people[tie.source]!;
    const target = people[tie.target]!;
    if (before && after) counts.kept++;
    else if (after) {
      counts.added++;
      if (source.status === 'joined' || target.status === 'joined') counts.addedWithJoiners++;
      else if (source.then && !source.then.hasAnswered) counts.addedByNewRespondents++;
    } else if (before) {
      counts.lost++;
      if (source.status === 'left' || target.status === 'left') counts.lostWithLeavers++;
      else if (source.now && !source.now.hasAnswered) counts.lostByNonRespondents++;
    }
  }

  const selected = (ties: readonly SideTie[]) => ties.filter((tie) => tie.questions.some(holds));
  const thenNeighbours = undirectedNeighbours(context.thenSides.length, selected(context.thenTies));
  const nowNeighbours = undirectedNeighbours(context.nowSides.length, selected(context.nowTies));

  const newIsolates: number[] = [];
  people.forEach((person, p) => {
    if (person.status !== 'stayed' || !person.then || !person.now || !person.now.hasAnswered) return;
    if (thenNeighbours[person.then.index]!.length > 0 && nowNeighbours[person.now.index]!.length === 0) newIsolates.push(p);
  });

  const bridges = bridgesBetweenGroups(context.thenSides.length, thenNeighbours);
  const bridgesLost: BridgeLoss[] = [];
  for (const [x, y] of bridges) {
    const a = context.personOfThen[x]!;
    const b = context.personOfThen[y]!;
    // An unmatched person's side of the story is unknown in the later journey.
    if (a < 0 || b < 0) continue;
    if (people[a]!.status === 'left' || people[b]!.status === 'left') {
      bridgesLost.push({ a, b, reason: 'person_left' });
      continue;
    }
    const stillTied = inNow(context.byPair.get(a * context.n + b)) || inNow(context.byPair.get(b * context.n + a));
    if (!stillTied) bridgesLost.push({ a, b, reason: 'tie_dropped' });
  }
  return { key, questionKey, ties: counts, newIsolates, bridgesThen: bridges.length, bridgesLost };
}
