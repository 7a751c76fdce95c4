import type { Organisation } from '../graph/organisation.ts';
import { outDegreeOf } from '../graph/digraph.ts';
import type { AnalysisOptions } from '../options.ts';

export interface UnitFillStatistics {
  unitId: string;
  name: string;
  parentId: string | null;
  /** Employees directly in the unit. */
  participants: number;
  answered: number;
  /** answered / participants; null for an empty unit. */
  fillRate: number | null;
  /** The same over the unit and all its sub-units. */
  subtreeParticipants: number;
  subtreeAnswered: number;
  subtreeFillRate: number | null;
  /** Answered employees with fewer than 14 nominations given (spec: 0–13 low, 14+ high). */
  lowAnswerCount: number;
  highAnswerCount: number;
}

export interface SurveyStatistics {
  participants: number;
  answered: number;
  fillRate: number | null;
  units: UnitFillStatistics[];
  /** Cumulative answered employees per day, from `answeredAt`. */
  overTime: { date: string; answered: number; cumulative: number }[];
  /** Nominations given per employee (the legend's answer count). */
  answerCounts: number[];
}

export function surveyStatistics(org: Organisation, options: AnalysisOptions): SurveyStatistics {
  const unitCount = org.units.length;
  const participants = new Array<number>(unitCount).fill(0);
  const answered = new Array<number>(unitCount).fill(0);
  const low = new Array<number>(unitCount).fill(0);
  const high = new Array<number>(unitCount).fill(0);
  // Nominations given across all questions (a person naming the same colleague on two questions gives two answers).
  const answerCounts = Array.from({ length: org.size }, (_, v) => {
    let total = 0;
    for (const g of org.byQuestion.values()) total += outDegreeOf(g, v);
    return total;
  });
  for (let v = 0; v < org.size; v++) {
    const u = org.unitOf[v]!;
    if (u >= unitCount) continue;
    participants[u]!++;
    if (org.answered[v]) {
      answered[u]!++;
      if (answerCounts[v]! >= options.statistics.highAnswerCount) high[u]!++;
      else low[u]!++;
    }
  }
  const children = new Map<number, number[]>();
  org.units.forEach((unit, u) => {
    const parent = unit.parentId === null ? undefined : org.unitIndexOf.get(unit.parentId);
    if (parent === undefined) return;
    const list = children.get(parent) ?? [];
    list.push(u);
    children.set(parent, list);
  });
  const subtree = new Map<number, [number, number]>();
  const sum = (u: number, guard: Set<number>): [number, number] => {
    const cached = subtree.get(u);
    if (cached) return cached;
    guard.add(u);
    let p = participants[u]!;
    let a = answered[u]!;
    for (const c of children.get(u) ?? []) {
      if (guard.has(c)) continue; // a unit cycle in bad data must not loop forever
      const [cp, ca] = sum(c, guard);
      p += cp;
      a += ca;
    }
    subtree.set(u, [p, a]);
    return [p, a];
  };
  const units = org.units.map((unit, u) => {
    const [sp, sa] = sum(u, new Set());
    return {
      unitId: unit.id,
      name: unit.name,
      parentId: unit.parentId,
      participants: participants[u]!,
      answered: answered[u]!,
      fillRate: participants[u]! > 0 ? answered[u]! / participants[u]! : null,
      subtreeParticipants: sp,
      subtreeAnswered: sa,
      subtreeFillRate: sp > 0 ? sa / sp : null,
      lowAnswerCount: low[u]!,
      highAnswerCount: high[u]!,
    };
  });
  const byDate = new Map<string, number>();
  for (const employee of org.employees) {
    if (employee.hasAnswered && employee.answeredAt) {
      const day = employee.answeredAt.slice(0, 10);
      byDate.set(day, (byDate.get(day) ?? 0) + 1);
    }
  }
  let cumulative = 0;
  const overTime = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, count]) => {
      cumulative += count;
      return { date, answered: count, cumulative };
    });
  const totalAnswered = org.employees.filter((e) => e.hasAnswered).length;
  return {
    participants: org.size,
    answered: totalAnswered,
    fillRate: org.size > 0 ? totalAnswered / org.size : null,
    units,
    overTime,
    answerCounts,
  };
}
