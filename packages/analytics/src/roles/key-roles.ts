import type { Organisation } from '../graph/organisation.ts';
import { inDegreeOf } from '../graph/digraph.ts';
import type { AnalysisOptions, RoleThreshold } from '../options.ts';
import type { QuestionKind } from '../types.ts';
import { inTopShare } from '../metrics/ranking.ts';

export const KEY_ROLES = ['advisor', 'broker', 'expert', 'ideamaker', 'kol', 'mentor', 'spreader', 'talent'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export interface KeyRoleInputs {
  /** Betweenness on the work graph (raw, exact or estimated). */
  workBetweenness: readonly number[];
  /** Between-unit brokerage two-paths (itinerant + representative + gatekeeper + liaison) on the work graph. */
  betweenUnitBrokerage: readonly number[];
}

export interface KeyRoleResult {
  roles: KeyRole[][];
  /** The value each role reads, per role, per employee. */
  values: Record<KeyRole, number[]>;
}

/** Distinct people naming v on any of the kinds. */
function distinctNominators(org: Organisation, kinds: readonly QuestionKind[], v: number, mark: Int32Array): number {
  let count = 0;
  for (const kind of kinds) {
    const g = org.byKind.get(kind)!;
    for (let i = g.inOffsets[v]!; i < g.inOffsets[v + 1]!; i++) {
      const u = g.inSources[i]!;
      if (mark[u] !== v) {
        mark[u] = v;
        count++;
      }
    }
  }
  return count;
}

/**
 * Each key role pairs an absolute minimum with a top share of the organisation: the minimum keeps
 * the role meaningful in a team of 20 (top 10% of 20 is two people, but they must be named by at
 * least a handful), the share keeps it rare in a company of 20,000.
 */
export function computeKeyRoles(org: Organisation, inputs: KeyRoleInputs, options: AnalysisOptions): KeyRoleResult {
  const n = org.size;
  const mark = new Int32Array(n).fill(-1);
  const byKinds = (kinds: readonly QuestionKind[]): number[] => {
    mark.fill(-1);
    return Array.from({ length: n }, (_, v) => (kinds.length === 1 ? inDegreeOf(org.byKind.get(kinds[0]!)!, v) : distinctNominators(org, kinds, v, mark)));
  };
  const values: Record<KeyRole, number[]> = {
    advisor: byKinds(['advice']),
    expert: byKinds(['expertise']),
    ideamaker: byKinds(['idea']),
    kol: byKinds(['opinion']),
    mentor: byKinds(['development']),
    spreader: byKinds(['corporate_news', 'attention']),
    talent: byKinds(['expertise', 'idea', 'opinion']),
    broker: [...inputs.betweenUnitBrokerage],
  };
  const roles: KeyRole[][] = Array.from({ length: n }, () => []);
  const qualifies = (rule: RoleThreshold, series: readonly number[]): ((v: number) => boolean) => {
    const inTop = inTopShare(series, rule.topShare);
    return (v) => series[v]! >= rule.minimum && inTop(series[v]!) && series[v]! > 0;
  };
  for (const role of KEY_ROLES) {
    const rule = options.keyRoles[role];
    const test =
      role === 'broker'
        ? ((): ((v: number) => boolean) => {
            const inTop = inTopShare(inputs.workBetweenness, rule.topShare);
            return (v) => values.broker[v]! >= rule.minimum && inTop(inputs.workBetweenness[v]!) && inputs.workBetweenness[v]! > 0;
          })()
        : qualifies(rule, values[role]);
    for (let v = 0; v < n; v++) {
      // Talent is about people not yet leading: a leader with the same recognition is already seen.
      if (role === 'talent' && org.directReports[v]!.length > 0) continue;
      if (test(v)) roles[v]!.push(role);
    }
  }
  return { roles, values };
}
