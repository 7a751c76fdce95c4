import { addWeeks } from './week-start.ts';

/**
 * The tie rule (docs/collaboration-network.md, "Ties"), after Microsoft Viva Insights' network
 * metrics: two people are tied when they had at least `minInteractions` meaningful interactions
 * within some `windowWeeks` consecutive weeks of the period, whichever of them started each one.
 * Broadcasts never reach the weekly counts, so every counted interaction is a meaningful one.
 */
export const TIE_RULE_DEFAULTS = { windowWeeks: 4, minInteractions: 2 } as const;

export interface TieRule {
  windowWeeks: number;
  minInteractions: number;
}

/** One weekly count between two directory people (both matched). */
export interface PersonWeeklyCount {
  weekStart: string;
  fromPersonId: number;
  toPersonId: number;
  interactions: number;
  /** Calendar counts hold each pair once and mean "met": in neither direction. */
  mutual: boolean;
}

/** A tie of the collaboration network: `a` < `b`, the weight is every interaction of the period. */
export interface CollaborationTie {
  a: number;
  b: number;
  interactions: number;
  /** Interactions started by a (mails sent, replies, mentions, direct messages), by b, and meetings. */
  fromA: number;
  fromB: number;
  met: number;
}

export function deriveCollaborationTies(counts: Iterable<PersonWeeklyCount>, rule: TieRule = TIE_RULE_DEFAULTS): CollaborationTie[] {
  const pairs = new Map<string, { tie: CollaborationTie; weeks: Map<string, number> }>();
  for (const count of counts) {
    if (count.fromPersonId === count.toPersonId) continue;
    const a = Math.min(count.fromPersonId, count.toPersonId);
    const b = Math.max(count.fromPersonId, count.toPersonId);
    const key = `${a}|${b}`;
    let pair = pairs.get(key);
    if (!pair) {
      pair = { tie: { a, b, interactions: 0, fromA: 0, fromB: 0, met: 0 }, weeks: new Map() };
      pairs.set(key, pair);
    }
    pair.tie.interactions += count.interactions;
    if (count.mutual) pair.tie.met += count.interactions;
    else if (count.fromPersonId === a) pair.tie.fromA += count.interactions;
    else pair.tie.fromB += count.interactions;
    pair.weeks.set(count.weekStart, (pair.weeks.get(count.weekStart) ?? 0) + count.interactions);
  }
  const ties: CollaborationTie[] = [];
  for (const { tie, weeks } of pairs.values()) if (reachesThreshold(weeks, rule)) ties.push(tie);
  return ties.sort((x, y) => x.a - y.a || x.b - y.b);
}

/** Whether some window of consecutive weeks holds enough interactions (a sliding sum over the weeks that have any). */
function reachesThreshold(weeks: Map<string, number>, rule: TieRule): boolean {
  const ordered = [...weeks].sort(([x], [y]) => (x < y ? -1 : 1));
  let start = 0;
  let sum = 0;
  for (const [week, interactions] of ordered) {
    sum += interactions;
    const windowStart = addWeeks(week, -(rule.windowWeeks - 1));
    while ((ordered[start]?.[0] ?? week) < windowStart) sum -= ordered[start++]?.[1] ?? 0;
    if (sum >= rule.minInteractions) return true;
  }
  return false;
}
