import type { AnalysisInput, GraphCategory, QuestionKind } from './types.ts';
import { buildOrganisation } from './graph/organisation.ts';
import { distanceMatrix } from './metrics/reach.ts';
import type { AsValuesQuery, AsValuesResult } from './reports/key-people.ts';
import { asValues } from './reports/key-people.ts';

/**
 * Calls the API makes on demand rather than inside a run: their answers depend on the request
 * (a filter, a question) or are too large to store (n² distances).
 */
export function analysisDistanceMatrix(
  input: AnalysisInput,
  relation: { kind: QuestionKind } | { category: GraphCategory } | 'work' | 'all' = 'work',
): { employeeIds: string[]; distances: (number | null)[][] } {
  const org = buildOrganisation(input);
  const graph =
    relation === 'work' ? org.work : relation === 'all' ? org.all : 'kind' in relation ? org.byKind.get(relation.kind)! : org.byCategory.get(relation.category)!;
  return { employeeIds: org.employees.map((e) => e.id), distances: distanceMatrix(graph) };
}

export function keyPeopleAsValues(input: AnalysisInput, query: AsValuesQuery): AsValuesResult {
  return asValues(buildOrganisation(input), input, query);
}

export interface KeyPeopleAnalytics {
  /** Key and group roles per employee, with the values the roles read. */
  results: { employeeId: string; unitId: string; keyRoles: string[]; groupRoles: string[] }[];
  units: { id: string; name: string; parentId: string | null }[];
  /** The as-values view for repeated query parameters su, tu, sun, tun. */
  asValues(sourceUsers: readonly string[], targetUsers: readonly string[], sourceUnits: readonly string[], targetUnits: readonly string[]): AsValuesResult;
}

/** Builds the organisation once; the API then answers as-values queries without re-indexing. */
export function createKeyPeopleAnalytics(input: AnalysisInput, result: { employees: readonly { id: string; unitId: string; keyRoles: readonly string[]; groupRoles: readonly string[] }[] }): KeyPeopleAnalytics {
  const org = buildOrganisation(input);
  return {
    results: result.employees.map((e) => ({ employeeId: e.id, unitId: e.unitId, keyRoles: [...e.keyRoles], groupRoles: [...e.groupRoles] })),
    units: input.units.map((u) => ({ id: u.id, name: u.name, parentId: u.parentId })),
    asValues: (sourceUsers, targetUsers, sourceUnits, targetUnits) => asValues(org, input, { sourceUsers, targetUsers, sourceUnits, targetUnits }),
  };
}
