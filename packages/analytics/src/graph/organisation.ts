import type { AnalysisInput, Employee, GraphCategory, HierarchyLevel, Question, QuestionKind, Unit } from '../types.ts';
import { GRAPH_CATEGORIES, QUESTION_KINDS, WORK_KINDS } from '../types.ts';
import type { Digraph } from './digraph.ts';
import { buildDigraph, unionDigraphs } from './digraph.ts';

/**
 * The input turned into integer-indexed structures once, so that every later step works on
 * typed arrays. Employee index = position in the input, which keeps a run independent of the
 * ids' spelling (renaming ids changes nothing).
 */
export interface Organisation {
  readonly employees: readonly Employee[];
  readonly units: readonly Unit[];
  readonly questions: readonly Question[];
  readonly size: number;
  readonly indexOf: ReadonlyMap<string, number>;
  /** Unit index of each employee. */
  readonly unitOf: Int32Array;
  readonly unitIndexOf: ReadonlyMap<string, number>;
  /** Leader index of each employee, −1 for none. */
  readonly leaderOf: Int32Array;
  readonly directReports: readonly (readonly number[])[];
  /** Depth in the leader tree (roots 0). */
  readonly depth: Int32Array;
  readonly hierarchyLevel: readonly HierarchyLevel[];
  readonly answered: Uint8Array;
  readonly byQuestion: ReadonlyMap<string, Digraph>;
  readonly byKind: ReadonlyMap<QuestionKind, Digraph>;
  readonly byCategory: ReadonlyMap<GraphCategory, Digraph>;
  /** Union of the work kinds. */
  readonly work: Digraph;
  /** Union of every question. */
  readonly all: Digraph;
  /** Kinds that the questionnaire actually asks. */
  readonly askedKinds: ReadonlySet<QuestionKind>;
  readonly warnings: readonly string[];
}

export const HIERARCHY_RANK: Record<HierarchyLevel, number> = { strategic: 3, integrative: 2, operative: 1, implementors: 0 };

export function buildOrganisation(input: AnalysisInput): Organisation {
  const warnings: string[] = [];
  const employees = input.employees;
  const n = employees.length;
  const indexOf = new Map<string, number>();
  employees.forEach((employee, i) => {
    if (indexOf.has(employee.id)) warnings.push(`employee id ${employee.id} appears twice; the later record is ignored in lookups`);
    else indexOf.set(employee.id, i);
  });
  const unitIndexOf = new Map<string, number>();
  input.units.forEach((unit, i) => unitIndexOf.set(unit.id, i));
  const unitOf = new Int32Array(n);
  const leaderOf = new Int32Array(n).fill(-1);
  employees.forEach((employee, i) => {
    const unit = unitIndexOf.get(employee.unitId);
    if (unit === undefined) warnings.push(`employee ${employee.id} is in unknown unit ${employee.unitId}`);
    // Unknown units become their own group so brokerage still sees them as distinct.
    unitOf[i] = unit ?? input.units.length + i;
    if (employee.leaderId !== null) {
      const leader = indexOf.get(employee.leaderId);
      if (leader === undefined) warnings.push(`employee ${employee.id} has unknown leader ${employee.leaderId}`);
      else if (leader !== i) leaderOf[i] = leader;
    }
  });
  breakLeaderCycles(leaderOf, warnings, employees);
  const directReports: number[][] = employees.map(() => []);
  for (let i = 0; i < n; i++) if (leaderOf[i]! >= 0) directReports[leaderOf[i]!]!.push(i);
  const depth = leaderDepths(leaderOf, directReports);
  const hierarchyLevel = employees.map((employee, i) => employee.hierarchyLevel ?? deriveLevel(i, leaderOf, directReports));
  const answered = new Uint8Array(n);
  employees.forEach((employee, i) => (answered[i] = employee.hasAnswered ? 1 : 0));

  const { source, target, question } = input.nominations;
  const count = Math.min(source.length, target.length, question.length);
  let dropped = Math.max(source.length, target.length, question.length) - count;
  // Each question's ties counted first, so its columns are allocated once at their size.
  const perQuestionCount = new Int32Array(input.questions.length);
  for (let i = 0; i < count; i++) {
    const q = question[i]!;
    if (q >= 0 && q < perQuestionCount.length) perQuestionCount[q]!++;
  }
  const capacity = new Map<string, number>();
  input.questions.forEach((q, i) => capacity.set(q.id, (capacity.get(q.id) ?? 0) + perQuestionCount[i]!));
  const perQuestion = new Map<string, TieColumns>();
  for (const q of input.questions) if (!perQuestion.has(q.id)) perQuestion.set(q.id, new TieColumns(capacity.get(q.id)!));
  // A question index reads its id's bucket: two questions with one id share a graph, as when
  // nominations named questions by id.
  const bucketOf = input.questions.map((q) => perQuestion.get(q.id)!);
  for (let i = 0; i < count; i++) {
    const bucket = bucketOf[question[i]!];
    const s = source[i]!;
    const t = target[i]!;
    if (!bucket || s < 0 || s >= n || t < 0 || t >= n) {
      dropped++;
      continue;
    }
    bucket.push(s, t);
  }
  if (dropped > 0) warnings.push(`${dropped} nominations name an unknown question or employee and were ignored`);

  const byQuestion = new Map<string, Digraph>();
  for (const [id, ties] of perQuestion) byQuestion.set(id, buildDigraph(n, ties.sources(), ties.targets()));
  const empty = buildDigraph(n, [], []);
  const byKind = new Map<QuestionKind, Digraph>();
  const askedKinds = new Set<QuestionKind>();
  for (const kind of QUESTION_KINDS) {
    const graphs = input.questions.filter((q) => q.kind === kind).map((q) => byQuestion.get(q.id)!);
    if (graphs.length > 0) askedKinds.add(kind);
    byKind.set(kind, graphs.length === 0 ? empty : graphs.length === 1 ? graphs[0]! : unionDigraphs(n, graphs));
  }
  const byCategory = new Map<GraphCategory, Digraph>();
  for (const category of GRAPH_CATEGORIES) {
    const graphs = input.questions.filter((q) => q.category === category).map((q) => byQuestion.get(q.id)!);
    byCategory.set(category, graphs.length === 0 ? empty : graphs.length === 1 ? graphs[0]! : unionDigraphs(n, graphs));
  }
  const work = unionDigraphs(n, WORK_KINDS.map((kind) => byKind.get(kind)!));
  const all = unionDigraphs(n, [...byQuestion.values()]);
  return {
    employees,
    units: input.units,
    questions: input.questions,
    size: n,
    indexOf,
    unitOf,
    unitIndexOf,
    leaderOf,
    directReports,
    depth,
    hierarchyLevel,
    answered,
    byQuestion,
    byKind,
    byCategory,
    work,
    all,
    askedKinds,
    warnings,
  };
}

/**
 * One question's ties as two growing Int32 columns: 4 bytes a number where a list of numbers
 * takes 8 (100,000 people name some 9 million people across 13 questions).
 */
class TieColumns {
  private from: Int32Array;
  private to: Int32Array;
  private length = 0;

  constructor(capacity: number) {
    this.from = new Int32Array(Math.max(1, capacity));
    this.to = new Int32Array(Math.max(1, capacity));
  }

  push(source: number, target: number): void {
    if (this.length === this.from.length) {
      const from = new Int32Array(this.length * 2);
      const to = new Int32Array(this.length * 2);
      from.set(this.from);
      to.set(this.to);
      this.from = from;
      this.to = to;
    }
    this.from[this.length] = source;
    this.to[this.length++] = target;
  }

  sources(): Int32Array {
    return this.from.subarray(0, this.length);
  }

  targets(): Int32Array {
    return this.to.subarray(0, this.length);
  }
}

/** A leader cycle (bad data) would make every tree walk loop forever: cut it at the first repeat. */
function breakLeaderCycles(leaderOf: Int32Array, warnings: string[], employees: readonly Employee[]): void {
  const n = leaderOf.length;
  const state = new Uint8Array(n); // 0 unseen, 1 on the current walk, 2 done
  for (let start = 0; start < n; start++) {
    const path: number[] = [];
    let v = start;
    while (v >= 0 && state[v] === 0) {
      state[v] = 1;
      path.push(v);
      v = leaderOf[v]!;
    }
    if (v >= 0 && state[v] === 1) {
      warnings.push(`leader cycle through ${employees[v]!.id}; its link to ${employees[leaderOf[v]!]!.id} is ignored`);
      leaderOf[v] = -1;
    }
    for (const p of path) state[p] = 2;
  }
}

function leaderDepths(leaderOf: Int32Array, directReports: readonly (readonly number[])[]): Int32Array {
  const n = leaderOf.length;
  const depth = new Int32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (leaderOf[i]! < 0) queue.push(i);
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head]!;
    for (const r of directReports[v]!) {
      depth[r] = depth[v]! + 1;
      queue.push(r);
    }
  }
  return depth;
}

/**
 * Levels from the leader tree when the data has none: the top of the tree is strategic, leaders of
 * leaders are integrative, leaders of individual contributors are operative, the rest implement.
 */
function deriveLevel(i: number, leaderOf: Int32Array, directReports: readonly (readonly number[])[]): HierarchyLevel {
  const reports = directReports[i]!;
  if (leaderOf[i]! < 0 && reports.length > 0) return 'strategic';
  if (reports.length === 0) return 'implementors';
  return reports.some((r) => directReports[r]!.length > 0) ? 'integrative' : 'operative';
}

/** True when `senior` is above `employee` in the leader tree or on a higher hierarchy level. */
export function isSenior(org: Organisation, employee: number, senior: number): boolean {
  if (HIERARCHY_RANK[org.hierarchyLevel[senior]!] > HIERARCHY_RANK[org.hierarchyLevel[employee]!]) return true;
  let v = org.leaderOf[employee]!;
  while (v >= 0) {
    if (v === senior) return true;
    v = org.leaderOf[v]!;
  }
  return false;
}
