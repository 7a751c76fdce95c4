import type { Organisation } from '../graph/organisation.ts';
import { undirectedNeighbours } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';
import type { HierarchyLevel, QuestionKind } from '../types.ts';
import { HIERARCHY_LEVELS } from '../types.ts';
import { scaleToTen } from './scale.ts';

export const CHARACTER_TYPES = {
  personal: ['personal', 'sympathy'],
  professional: ['expertise', 'advice'],
  information_sharing: ['corporate_news', 'attention'],
  work_cooperation: ['cooperation'],
  influencing_others: ['opinion', 'idea', 'values'],
} as const satisfies Record<string, readonly QuestionKind[]>;
export type CharacterType = keyof typeof CHARACTER_TYPES;

/** Kinds on which naming someone means turning to them for help. */
const TURNING_KINDS: readonly QuestionKind[] = ['advice', 'personal', 'expertise'];

export interface IndividualReport {
  employeeId: string;
  /** Distinct people naming you on any question. */
  mentioningYou: number;
  /** Distinct people turning to you for advice, personal support or expertise. */
  turningToYou: number;
  turningToYouTooMany: boolean;
  /** People with whom a tie runs both ways on some question. */
  mutualRelationships: number;
  mutualTooMany: boolean;
  /** Share of one's unit naming one on opinion, idea or values. */
  influenceShare: number;
  influenceHigh: boolean;
  /** 1..10 per character type, from in-degree on its kinds relative to the organisation. */
  characterTypes: Record<CharacterType, { nominations: number; score: number }>;
  /** Tied people (either direction, any question) per hierarchy level. */
  relationsByLevel: Record<HierarchyLevel, { count: number; share: number }>;
  /** Operative-level people should have at least half of their relations with implementors (spec). */
  operativeBalanceOk: boolean | null;
  received: { questionId: string; fromIds: string[] }[];
  given: { questionId: string; toIds: string[] }[];
}

export function individualReports(org: Organisation, options: AnalysisOptions): IndividualReport[] {
  const n = org.size;
  const ids = org.employees.map((employee) => employee.id);
  const id = (v: number): string => ids[v]!;
  // Each count stamps the people it has seen with its own number, so the marks never need
  // clearing (clearing n marks per person made the reports quadratic in the organisation's size).
  const mark = new Int32Array(n).fill(-1);
  let stamp = -1;
  /** Distinct people naming v on the kinds (only those of `unit` when given). */
  const distinctIn = (kinds: readonly QuestionKind[], v: number, unit?: number): number => {
    stamp++;
    let count = 0;
    for (const k of kinds) {
      const g = org.byKind.get(k)!;
      for (let i = g.inOffsets[v]!; i < g.inOffsets[v + 1]!; i++) {
        const u = g.inSources[i]!;
        if (unit !== undefined && org.unitOf[u] !== unit) continue;
        if (mark[u] !== stamp) {
          mark[u] = stamp;
          count++;
        }
      }
    }
    return count;
  };
  const characterRaw = Object.fromEntries(
    (Object.keys(CHARACTER_TYPES) as CharacterType[]).map((type) => [type, Array.from({ length: n }, (_, v) => distinctIn(CHARACTER_TYPES[type], v))]),
  ) as Record<CharacterType, number[]>;
  const characterScores = Object.fromEntries(
    (Object.keys(CHARACTER_TYPES) as CharacterType[]).map((type) => {
      const values = characterRaw[type];
      const max = Math.max(1, ...values);
      // Relative to the best-named person, so that a score means the same in every organisation size.
      return [type, scaleToTen(values.map((x) => x / max), { ...options, leaderScores: { ...options.leaderScores, minLeadersForRelative: Number.MAX_SAFE_INTEGER } })];
    }),
  ) as Record<CharacterType, number[]>;
  const unitSize = new Map<number, number>();
  for (let v = 0; v < n; v++) unitSize.set(org.unitOf[v]!, (unitSize.get(org.unitOf[v]!) ?? 0) + 1);
  const influenceKinds: readonly QuestionKind[] = ['opinion', 'idea', 'values'];
  const askedKinds = org.questions.map((q) => q.kind);
  const questionGraphs = org.questions.map((q) => org.byQuestion.get(q.id)!);
  // People with whom v has a tie both ways on one question: v's out-ties of each question marked,
  // then its in-ties of the same question looked up (marks per question, counted once per person).
  const outMark = new Int32Array(n).fill(-1);
  let outStamp = -1;
  const mutualCount = (v: number): number => {
    stamp++;
    let count = 0;
    for (const g of questionGraphs) {
      outStamp++;
      for (let i = g.outOffsets[v]!; i < g.outOffsets[v + 1]!; i++) outMark[g.outTargets[i]!] = outStamp;
      for (let i = g.inOffsets[v]!; i < g.inOffsets[v + 1]!; i++) {
        const w = g.inSources[i]!;
        if (outMark[w] === outStamp && mark[w] !== stamp) {
          mark[w] = stamp;
          count++;
        }
      }
    }
    return count;
  };

  // The ids of a row of a graph's ties, by a plain loop over an array of the ids: Array.from with a
  // mapping function over a typed subarray cost twice as much, for 16 million ids at 100,000 people.
  const idsOf = (row: Int32Array, from: number, to: number): string[] => {
    const out = new Array<string>(to - from);
    for (let i = from; i < to; i++) out[i - from] = ids[row[i]!]!;
    return out;
  };
  const reports: IndividualReport[] = [];
  for (let v = 0; v < n; v++) {
    const mentioning = distinctIn(askedKinds, v);
    const turning = distinctIn(TURNING_KINDS, v);
    const neighbours = undirectedNeighbours(org.all, v);
    const mutual = mutualCount(v);
    // Everyone who names v on an influence question is among v's neighbours in `all`.
    const influencers = distinctIn(influenceKinds, v, org.unitOf[v]!);
    const colleagues = (unitSize.get(org.unitOf[v]!) ?? 1) - 1;
    const influenceShare = colleagues > 0 ? influencers / colleagues : 0;
    const byLevel = Object.fromEntries(HIERARCHY_LEVELS.map((level) => [level, { count: 0, share: 0 }])) as Record<HierarchyLevel, { count: number; share: number }>;
    for (const w of neighbours) byLevel[org.hierarchyLevel[w]!].count++;
    for (const level of HIERARCHY_LEVELS) byLevel[level].share = neighbours.length > 0 ? byLevel[level].count / neighbours.length : 0;
    const characterTypes = Object.fromEntries(
      (Object.keys(CHARACTER_TYPES) as CharacterType[]).map((type) => [type, { nominations: characterRaw[type][v]!, score: characterScores[type][v]! }]),
    ) as Record<CharacterType, { nominations: number; score: number }>;
    reports.push({
      employeeId: id(v),
      mentioningYou: mentioning,
      turningToYou: turning,
      turningToYouTooMany: turning >= options.individual.tooManyTurningToYou,
      mutualRelationships: mutual,
      mutualTooMany: mutual >= options.individual.tooManyMutual,
      influenceShare,
      influenceHigh: influenceShare > options.individual.highInfluenceShare,
      characterTypes,
      relationsByLevel: byLevel,
      operativeBalanceOk: org.hierarchyLevel[v] === 'operative' ? byLevel.implementors.share >= options.individual.operativeImplementorShare : null,
      received: org.questions.map((q, k) => {
        const g = questionGraphs[k]!;
        return { questionId: q.id, fromIds: idsOf(g.inSources, g.inOffsets[v]!, g.inOffsets[v + 1]!) };
      }),
      given: org.questions.map((q, k) => {
        const g = questionGraphs[k]!;
        return { questionId: q.id, toIds: idsOf(g.outTargets, g.outOffsets[v]!, g.outOffsets[v + 1]!) };
      }),
    });
  }
  return reports;
}
