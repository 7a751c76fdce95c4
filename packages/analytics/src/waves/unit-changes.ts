import { WORK_KINDS } from '../types.ts';
import type { UnitChange, UnitSide, WaveSnapshot } from './wave-types.ts';
import { pathKey, unitPaths } from './unit-paths.ts';

/**
 * Every unit of one journey with its figures on the work network (the analysis's density and
 * E-I index; reciprocity counted here over the same ties) and the share of its direct members at
 * risk level `highRiskLevel` or above.
 */
export function unitSides(wave: WaveSnapshot, highRiskLevel: number): UnitSide[] {
  const { result } = wave;
  const structure = new Map(result.units.map((unit) => [unit.unitId, unit]));
  const paths = unitPaths(wave.input.units);
  const workQuestions = new Set(wave.input.questions.filter((q) => (WORK_KINDS as readonly string[]).includes(q.kind)).map((q) => q.id));
  const unitOf = new Map(result.employees.map((employee) => [employee.id, employee.unitId]));

  const workPairs = new Set<string>();
  for (const edge of result.graph.edges) if (edge.questions.some((q) => workQuestions.has(q))) workPairs.add(`${edge.source}\u0000${edge.target}`);
  const internal = new Map<string, { ties: number; returned: number }>();
  for (const pair of workPairs) {
    const [source, target] = pair.split('\u0000') as [string, string];
    const unit = unitOf.get(source);
    if (unit === undefined || unit !== unitOf.get(target)) continue;
    const entry = internal.get(unit) ?? { ties: 0, returned: 0 };
    entry.ties++;
    if (workPairs.has(`${target}\u0000${source}`)) entry.returned++;
    internal.set(unit, entry);
  }

  const membersOf = new Map<string, typeof result.employees>();
  for (const employee of result.employees) {
    const list = membersOf.get(employee.unitId);
    if (list) list.push(employee);
    else membersOf.set(employee.unitId, [employee]);
  }
  return wave.input.units.map((unit) => {
    const members = membersOf.get(unit.id) ?? [];
    const figures = structure.get(unit.id);
    const ties = internal.get(unit.id);
    return {
      id: unit.id,
      name: unit.name,
      path: paths.get(unit.id) ?? [unit.name],
      memberIds: members.map((m) => m.id),
      members: members.length,
      respondents: members.filter((m) => m.hasAnswered).length,
      density: figures?.density ?? null,
      reciprocity: ties && ties.ties > 0 ? ties.returned / ties.ties : null,
      eiIndex: figures?.eiIndex ?? null,
      shareAtRisk: members.length > 0 ? members.filter((m) => m.risk_level >= highRiskLevel).length / members.length : null,
    };
  });
}

const difference = (before: number | null | undefined, after: number | null | undefined): number | null =>
  before === null || before === undefined || after === null || after === undefined ? null : after - before;

/**
 * Units joined by their name paths: the later journey's units in its order (matched or new), then
 * the earlier one's that are gone. A path used twice in one journey matches its first unit only.
 */
export function compareUnits(then: WaveSnapshot, now: WaveSnapshot, highRiskLevel: number): UnitChange[] {
  const before = unitSides(then, highRiskLevel);
  const after = unitSides(now, highRiskLevel);
  const earlierByPath = new Map<string, UnitSide>();
  for (const unit of before) if (!earlierByPath.has(pathKey(unit.path))) earlierByPath.set(pathKey(unit.path), unit);
  const used = new Set<UnitSide>();
  const changes: UnitChange[] = [];
  for (const unit of after) {
    const earlier = earlierByPath.get(pathKey(unit.path));
    const match = earlier && !used.has(earlier) ? earlier : null;
    if (match) used.add(match);
    changes.push(unitChange(unit.path, match, unit));
  }
  for (const unit of before) if (!used.has(unit)) changes.push(unitChange(unit.path, unit, null));
  return changes;
}

function unitChange(path: readonly string[], then: UnitSide | null, now: UnitSide | null): UnitChange {
  return {
    path,
    status: then && now ? 'matched' : now ? 'new' : 'gone',
    then,
    now,
    change: {
      members: difference(then?.members, now?.members),
      density: difference(then?.density, now?.density),
      reciprocity: difference(then?.reciprocity, now?.reciprocity),
      eiIndex: difference(then?.eiIndex, now?.eiIndex),
      shareAtRisk: difference(then?.shareAtRisk, now?.shareAtRisk),
    },
  };
}
