import type { TGender, TGenerationCode } from '@ona/contracts';
import { findCycles } from './chain-cycles.ts';
import type { RowErrors } from './row-errors.ts';

export interface UnitRowInput {
  rowNumber: number;
  name: string | null;
  parent: string | null;
}

export interface EmployeeRowInput {
  rowNumber: number;
  name: string | null;
  email: string | null;
  unit: string | null;
  leaderEmail: string | null;
  gender: TGender | null;
  generation: TGenerationCode | null;
  entryDate: string | null;
  jobTitle: string | null;
}

/** Unit names are compared as people read them: trimmed, case-insensitive. */
export const unitKey = (name: string) => name.trim().toLocaleLowerCase();

/**
 * Checks a units sheet: unique names, parents that exist (in the sheet or already), no cycle.
 * Returns the names the employees sheet may refer to.
 */
export function checkUnitRows(rows: readonly UnitRowInput[], existingNames: Iterable<string>, errors: RowErrors, prefix: string): Set<string> {
  const rowOf = new Map<string, number>();
  for (const row of rows) {
    if (row.name === null) continue;
    const key = unitKey(row.name);
    const first = rowOf.get(key);
    if (first !== undefined) {
      errors.add(prefix, first, 'survey.rows.duplicate_unit', { unit: row.name });
      errors.add(prefix, row.rowNumber, 'survey.rows.duplicate_unit', { unit: row.name });
    } else rowOf.set(key, row.rowNumber);
  }
  const known = new Set([...existingNames].map(unitKey));
  for (const key of rowOf.keys()) known.add(key);
  const parentOf = new Map<string, string | null>();
  for (const row of rows) {
    if (row.name === null) continue;
    if (row.parent !== null && !known.has(unitKey(row.parent))) errors.add(prefix, row.rowNumber, 'survey.rows.unknown_parent_unit', { unit: row.parent });
    parentOf.set(unitKey(row.name), row.parent === null ? null : unitKey(row.parent));
  }
  for (const cycle of findCycles(parentOf)) {
    const names = cycle.map((key) => rows.find((r) => r.name !== null && unitKey(r.name) === key)?.name ?? key);
    for (const key of cycle) {
      const rowNumber = rowOf.get(key);
      if (rowNumber !== undefined) errors.add(prefix, rowNumber, 'survey.rows.unit_cycle', { chain: [...names, names[0]].join(' → ') });
    }
  }
  return known;
}

/**
 * Checks an employees sheet as a whole: unique e-mails, leaders among the employees of the file,
 * no one their own leader, no cycle in the leader chain, units that exist.
 */
export function checkEmployeeRows(rows: readonly EmployeeRowInput[], knownUnitKeys: ReadonlySet<string>, errors: RowErrors, prefix: string): void {
  const rowsOfEmail = new Map<string, number[]>();
  for (const row of rows) {
    if (row.email === null) continue;
    const list = rowsOfEmail.get(row.email) ?? [];
    list.push(row.rowNumber);
    rowsOfEmail.set(row.email, list);
  }
  for (const [email, rowNumbers] of rowsOfEmail) {
    if (rowNumbers.length > 1) for (const n of rowNumbers) errors.add(prefix, n, 'survey.rows.duplicate_email', { email });
  }
  const leaderOf = new Map<string, string | null>();
  for (const row of rows) {
    if (row.unit !== null && !knownUnitKeys.has(unitKey(row.unit))) errors.add(prefix, row.rowNumber, 'survey.rows.unknown_unit', { unit: row.unit });
    if (row.leaderEmail !== null) {
      if (row.leaderEmail === row.email) errors.add(prefix, row.rowNumber, 'survey.rows.own_leader');
      else if (!rowsOfEmail.has(row.leaderEmail)) errors.add(prefix, row.rowNumber, 'survey.rows.unknown_leader', { email: row.leaderEmail });
    }
    if (row.email !== null && row.leaderEmail !== row.email) leaderOf.set(row.email, row.leaderEmail);
  }
  for (const cycle of findCycles(leaderOf)) {
    const chain = [...cycle, cycle[0]].join(' → ');
    for (const email of cycle) for (const n of rowsOfEmail.get(email) ?? []) errors.add(prefix, n, 'survey.rows.leader_cycle', { chain });
  }
}
