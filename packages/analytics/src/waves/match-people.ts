import type { PersonChange, PersonSide, WaveSnapshot } from './wave-types.ts';
import { pathKey, unitPaths } from './unit-paths.ts';

/** Every analysed person of one journey, in the analysis's order. */
export function personSides(wave: WaveSnapshot): PersonSide[] {
  const names = new Map(wave.input.employees.map((employee) => [employee.id, employee.name]));
  const labels = new Map(wave.result.graph.nodes.map((node) => [node.id, node.label]));
  const paths = unitPaths(wave.input.units);
  const graphUnitNames = new Map(wave.result.graph.units.map((unit) => [unit.id, unit.name]));
  return wave.result.employees.map((employee, index) => ({
    id: employee.id,
    index,
    name: names.get(employee.id) ?? labels.get(employee.id) ?? employee.id,
    unitId: employee.unitId,
    // A unit removed since the analysis keeps the name the analysis stored.
    unitPath: paths.get(employee.unitId) ?? [graphUnitNames.get(employee.unitId) ?? employee.unitId],
    hasAnswered: employee.hasAnswered,
    riskLevel: employee.risk_level,
    riskFactors: employee.riskFactors,
    keyRoles: employee.keyRoles,
    groupRoles: employee.groupRoles,
  }));
}

function emptyChange(status: PersonChange['status'], key: string | null, then: PersonSide | null, now: PersonSide | null): PersonChange {
  return {
    status,
    key,
    then,
    now,
    metrics: {},
    riskChange: null,
    factorsGained: [],
    factorsLost: [],
    rolesGained: { keyRoles: [], groupRoles: [] },
    rolesLost: { keyRoles: [], groupRoles: [] },
    unitChanged: null,
  };
}

const without = <T>(list: readonly T[], other: readonly T[]): T[] => list.filter((item) => !other.includes(item));

/**
 * People of both journeys joined by their key: the later journey's people in its order (stayed,
 * joined, unmatched), then those only in the earlier one (left, unmatched). A key used twice in
 * one journey matches its first holder only; the others count as unmatched.
 */
export function matchPeople(then: WaveSnapshot, now: WaveSnapshot): { people: PersonChange[]; thenSides: PersonSide[]; nowSides: PersonSide[] } {
  const thenSides = personSides(then);
  const nowSides = personSides(now);
  const firstByKey = (wave: WaveSnapshot, sides: PersonSide[]): Map<string, PersonSide> => {
    const map = new Map<string, PersonSide>();
    for (const side of sides) {
      const key = wave.personKeys.get(side.id);
      if (key !== undefined && !map.has(key)) map.set(key, side);
    }
    return map;
  };
  const thenByKey = firstByKey(then, thenSides);
  const nowByKey = firstByKey(now, nowSides);
  const keyOf = (wave: WaveSnapshot, byKey: Map<string, PersonSide>, side: PersonSide): string | null => {
    const key = wave.personKeys.get(side.id);
    return key !== undefined && byKey.get(key) === side ? key : null;
  };

  const people: PersonChange[] = [];
  for (const side of nowSides) {
    const key = keyOf(now, nowByKey, side);
    if (key === null) {
      people.push(emptyChange('unmatched', null, null, side));
      continue;
    }
    const earlier = thenByKey.get(key);
    people.push(earlier ? stayedChange(key, earlier, side) : emptyChange('joined', key, null, side));
  }
  for (const side of thenSides) {
    const key = keyOf(then, thenByKey, side);
    if (key === null) people.push(emptyChange('unmatched', null, side, null));
    else if (!nowByKey.has(key)) people.push(emptyChange('left', key, side, null));
  }
  return { people, thenSides, nowSides };
}

function stayedChange(key: string, then: PersonSide, now: PersonSide): PersonChange {
  return {
    ...emptyChange('stayed', key, then, now),
    riskChange: now.riskLevel - then.riskLevel,
    factorsGained: without(now.riskFactors, then.riskFactors),
    factorsLost: without(then.riskFactors, now.riskFactors),
    rolesGained: { keyRoles: without(now.keyRoles, then.keyRoles), groupRoles: without(now.groupRoles, then.groupRoles) },
    rolesLost: { keyRoles: without(then.keyRoles, now.keyRoles), groupRoles: without(then.groupRoles, now.groupRoles) },
    unitChanged: pathKey(then.unitPath) !== pathKey(now.unitPath),
  };
}
