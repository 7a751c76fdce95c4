import type { AnalysisInput, Employee, Question, Unit } from '../types.ts';
import { NominationColumnsBuilder } from '../input/nomination-columns.ts';
import { DIMENSIONS_360, GENERATIONS } from '../types.ts';
import { createRng } from '../prng.ts';

/** The default questionnaire of DECISIONS.md. */
export const DEFAULT_QUESTIONNAIRE: Question[] = [
  { id: 'cooperation', category: 'work_cooperation', kind: 'cooperation' },
  { id: 'advice', category: 'work_info', kind: 'advice' },
  { id: 'expertise', category: 'quality_work_connection', kind: 'expertise' },
  { id: 'personal', category: 'trust', kind: 'personal' },
  { id: 'news', category: 'corporate_info', kind: 'corporate_news' },
  { id: 'attention', category: 'active_info', kind: 'attention' },
  { id: 'opinion', category: 'opinion', kind: 'opinion' },
  { id: 'idea', category: 'idea', kind: 'idea' },
  { id: 'values', category: 'corporate_values', kind: 'values' },
  { id: 'recognition', category: 'trust', kind: 'recognition' },
  { id: 'feedback', category: 'work_info', kind: 'feedback' },
  { id: 'development', category: 'quality_work_connection', kind: 'development' },
  { id: 'sympathy', category: 'trust', kind: 'sympathy' },
];

export interface SyntheticOptions {
  employees: number;
  seed: number;
  /** Mean nominations per person per question. */
  nominationsPerQuestion?: number;
  /** Share of nominations that stay inside the unit (the leader counts as inside). */
  insideShare?: number;
  answerRate?: number;
  with360?: boolean;
}

/**
 * A synthetic organisation: units of 8 to 15 people, each led by a manager who belongs to the
 * parent unit's team, so the leader tree and the unit tree agree; about 7 nominations per person
 * per question, mostly inside the unit.
 */
export function syntheticOrganisation(options: SyntheticOptions): AnalysisInput {
  const rng = createRng(options.seed);
  const perQuestion = options.nominationsPerQuestion ?? 7;
  const inside = options.insideShare ?? 0.8;
  const answerRate = options.answerRate ?? 0.9;
  const employees: Employee[] = [];
  const units: Unit[] = [];
  const unitMembers: number[][] = [];
  const int = (lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));

  const addEmployee = (unit: number, leader: number | null): number => {
    const index = employees.length;
    employees.push({
      id: `e${index}`,
      name: `Employee ${index}`,
      unitId: units[unit]!.id,
      leaderId: leader === null ? null : `e${leader}`,
      gender: rng() < 0.5 ? 'female' : 'male',
      generation: GENERATIONS[int(0, 3)]!,
      entryDate: `20${String(int(5, 25)).padStart(2, '0')}-0${int(1, 9)}-1${int(0, 9)}`,
      hasAnswered: rng() < answerRate,
      answeredAt: `2026-03-${String(int(1, 20)).padStart(2, '0')}`,
    });
    unitMembers[unit]!.push(index);
    return index;
  };
  // Breadth-first: each unit has a head (the leader of its members) and spawns child units whose
  // heads are members of this unit.
  units.push({ id: 'u0', name: 'Unit 0', parentId: null });
  unitMembers.push([]);
  const ceo = addEmployee(0, null);
  const queue: { unit: number; head: number }[] = [{ unit: 0, head: ceo }];
  while (queue.length > 0 && employees.length < options.employees) {
    const { unit, head } = queue.shift()!;
    const size = int(8, 15);
    const members: number[] = [];
    for (let i = 0; i < size && employees.length < options.employees; i++) members.push(addEmployee(unit, head));
    for (const member of members) {
      if (employees.length >= options.employees) break;
      // About one member in three leads a sub-unit.
      const pendingCapacity = queue.length * 11.5;
      if (employees.length + pendingCapacity < options.employees && rng() < 0.34) {
        const child = units.length;
        units.push({ id: `u${child}`, name: `Unit ${child}`, parentId: units[unit]!.id });
        unitMembers.push([]);
        // The head belongs to the parent unit's team but leads the child unit.
        queue.push({ unit: child, head: member });
      }
    }
    if (queue.length === 0 && employees.length < options.employees) {
      // Keep growing from the last unit until the target size is reached.
      const child = units.length;
      units.push({ id: `u${child}`, name: `Unit ${child}`, parentId: units[unit]!.id });
      unitMembers.push([]);
      queue.push({ unit: child, head: members[0] ?? head });
    }
  }
  const unitIndexOf = new Map(units.map((u, i) => [u.id, i]));
  // Written straight into columns (as the server's loader does): no object per nomination.
  const nominations = new NominationColumnsBuilder(employees.length * DEFAULT_QUESTIONNAIRE.length * perQuestion);
  const n = employees.length;
  for (let v = 0; v < n; v++) {
    const employee = employees[v]!;
    if (!employee.hasAnswered) continue;
    const colleagues = unitMembers[unitIndexOf.get(employee.unitId)!]!;
    for (let q = 0; q < DEFAULT_QUESTIONNAIRE.length; q++) {
      const count = Math.max(0, Math.round(perQuestion + (rng() - 0.5) * 4));
      const chosen = new Set<number>();
      // People name their own leader often; without this every synthetic person looks neglected.
      if (employee.leaderId !== null && rng() < 0.6) chosen.add(Number(employee.leaderId.slice(1)));
      for (let k = 0; k < count * 2 && chosen.size < count; k++) {
        let target: number;
        if (rng() < inside && colleagues.length > 1) target = colleagues[Math.floor(rng() * colleagues.length)]!;
        else if (rng() < 0.3 && employee.leaderId !== null) target = Number(employee.leaderId.slice(1));
        else target = Math.floor(rng() * n);
        if (target !== v) chosen.add(target);
      }
      for (const target of chosen) nominations.push(v, target, q);
    }
  }
  const input: AnalysisInput = { employees, units, questions: DEFAULT_QUESTIONNAIRE, nominations: nominations.build() };
  if (options.with360) {
    const items = (Object.entries(DIMENSIONS_360) as [keyof typeof DIMENSIONS_360, number][]).flatMap(([dimension, count]) =>
      Array.from({ length: count }, (_, i) => ({ id: `${dimension}_${i + 1}`, dimension })),
    );
    // Each person chooses their own leader on about half the items (one draw per item, in order).
    const indexOf = new Map(employees.map((employee, v) => [employee.id, v]));
    const choices = new NominationColumnsBuilder();
    employees.forEach((employee, v) => {
      if (employee.leaderId === null) return;
      const leader = indexOf.get(employee.leaderId)!;
      items.forEach((_, k) => {
        if (rng() < 0.5) choices.push(v, leader, k);
      });
    });
    input.leadership360 = { items, nominations: choices.build() };
  }
  return input;
}
