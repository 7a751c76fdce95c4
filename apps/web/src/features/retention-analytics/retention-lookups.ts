import type { TRetentionAnalytics, TRetentionNamedPerson } from '@ona/contracts';

/** Names behind the ids of a retention answer, built once per answer. */
export type TRetentionLookups = {
  /** The people the retention pages name (`named_people`), not everyone the caller sees. */
  employeeById: ReadonlyMap<number, TRetentionNamedPerson>;
  unitName: (unitId: number | null) => string;
  /** A name for an id; people outside the caller's view (a subtree's own leader) show as "–". */
  employeeName: (employeeId: number | null) => string;
};

export function retentionLookups(data: Pick<TRetentionAnalytics, 'named_people' | 'units'>): TRetentionLookups {
  const employeeById = new Map(data.named_people.map((person) => [person.id, person]));
  const unitNames = new Map(data.units.map((unit) => [unit.id, unit.name]));
  return {
    employeeById,
    unitName: (unitId) => (unitId === null ? '' : (unitNames.get(unitId) ?? '')),
    employeeName: (employeeId) => (employeeId === null ? '' : (employeeById.get(employeeId)?.name ?? '')),
  };
}

/** A department of the retention answer (contracts names the schema, not its type). */
export type TRetentionUnit = TRetentionAnalytics['units'][number];
