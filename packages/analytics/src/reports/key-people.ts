import type { Organisation } from '../graph/organisation.ts';
import type { AnalysisInput, QuestionKind } from '../types.ts';

export interface AsValuesQuery {
  /** Employee ids of the source group (who names); empty with no units = everyone. */
  sourceUsers: readonly string[];
  targetUsers: readonly string[];
  /** Unit ids; a unit includes its sub-units. */
  sourceUnits: readonly string[];
  targetUnits: readonly string[];
}

export interface AsValuesResult {
  sourceCount: number;
  targetCount: number;
  /** Nominations from the source group to the target group, per question. */
  questions: { questionId: string; kind: QuestionKind; nominations: number; possiblePairs: number; density: number }[];
  /** Per target person: nominations received from the source group, per question and in total. */
  targets: { employeeId: string; total: number; byQuestion: Record<string, number> }[];
}

function unitsWithDescendants(input: Pick<AnalysisInput, 'units'>, roots: readonly string[]): Set<string> {
  const children = new Map<string, string[]>();
  for (const unit of input.units) {
    if (unit.parentId === null) continue;
    const list = children.get(unit.parentId) ?? [];
    list.push(unit.id);
    children.set(unit.parentId, list);
  }
  const result = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const unit = stack.pop()!;
    if (result.has(unit)) continue;
    result.add(unit);
    stack.push(...(children.get(unit) ?? []));
  }
  return result;
}

function selectGroup(org: Organisation, input: Pick<AnalysisInput, 'units'>, users: readonly string[], units: readonly string[]): number[] {
  if (users.length === 0 && units.length === 0) return Array.from({ length: org.size }, (_, v) => v);
  const unitSet = unitsWithDescendants(input, units);
  const userSet = new Set(users);
  const selected: number[] = [];
  org.employees.forEach((employee, v) => {
    if (userSet.has(employee.id) || unitSet.has(employee.unitId)) selected.push(v);
  });
  return selected;
}

/**
 * The key-people "as values" view: how strongly a source group names a target group, per
 * question and per target person. Users and units of one side are combined (union).
 */
export function asValues(org: Organisation, input: Pick<AnalysisInput, 'units'>, query: AsValuesQuery): AsValuesResult {
  const sources = selectGroup(org, input, query.sourceUsers, query.sourceUnits);
  const targets = selectGroup(org, input, query.targetUsers, query.targetUnits);
  const isSource = new Uint8Array(org.size);
  for (const s of sources) isSource[s] = 1;
  const targetSet = new Set(targets);
  let overlap = 0;
  for (const t of targets) if (isSource[t]) overlap++;
  const possiblePairs = sources.length * targets.length - overlap;
  const perTarget = new Map<number, Record<string, number>>(targets.map((t) => [t, {}]));
  const questions = org.questions.map((question) => {
    const g = org.byQuestion.get(question.id)!;
    let nominations = 0;
    for (const t of targetSet) {
      let count = 0;
      for (let i = g.inOffsets[t]!; i < g.inOffsets[t + 1]!; i++) if (isSource[g.inSources[i]!]) count++;
      nominations += count;
      if (count > 0) perTarget.get(t)![question.id] = count;
    }
    return { questionId: question.id, kind: question.kind, nominations, possiblePairs, density: possiblePairs > 0 ? nominations / possiblePairs : 0 };
  });
  return {
    sourceCount: sources.length,
    targetCount: targets.length,
    questions,
    targets: targets
      .map((t) => {
        const byQuestion = perTarget.get(t)!;
        return { employeeId: org.employees[t]!.id, total: Object.values(byQuestion).reduce((a, b) => a + b, 0), byQuestion };
      })
      .sort((a, b) => b.total - a.total),
  };
}
