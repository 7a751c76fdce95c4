import type { Organisation } from '../graph/organisation.ts';

export interface PersonCoverage {
  /** Colleagues in the person's circle: unit members, their leader and direct reports, not themselves. */
  circle: number;
  /** How many of them answered the survey. */
  answered: number;
  /** answered / circle; null for an empty circle. */
  share: number | null;
}

/**
 * Per person, how many of the colleagues most likely to name them answered. The circle is drawn
 * from the organisation chart only (same unit, leader, direct reports), never from the
 * nominations, so the figure cannot tell anyone who named whom: it is the same whether or not those
 * colleagues named the person. A leader heads a unit other than their own, so both teams count.
 */
export function personCoverage(org: Organisation): PersonCoverage[] {
  const unitSize = new Map<number, number>();
  const unitAnswered = new Map<number, number>();
  for (let v = 0; v < org.size; v++) {
    const unit = org.unitOf[v]!;
    unitSize.set(unit, (unitSize.get(unit) ?? 0) + 1);
    unitAnswered.set(unit, (unitAnswered.get(unit) ?? 0) + org.answered[v]!);
  }
  return Array.from({ length: org.size }, (_, v) => {
    const unit = org.unitOf[v]!;
    let circle = unitSize.get(unit)! - 1;
    let answered = unitAnswered.get(unit)! - org.answered[v]!;
    const extra = new Set<number>(org.directReports[v]);
    const leader = org.leaderOf[v]!;
    if (leader >= 0) extra.add(leader);
    for (const w of extra) {
      if (w === v || org.unitOf[w] === unit) continue; // already counted with the unit
      circle++;
      answered += org.answered[w]!;
    }
    return { circle, answered, share: circle > 0 ? answered / circle : null };
  });
}
