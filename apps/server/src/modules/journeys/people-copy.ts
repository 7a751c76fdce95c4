import { asc, eq, sql, tables } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

const { employees, units } = tables;

/** Rows per insert: a few thousand employees are a handful of statements, never one per row. */
const CHUNK = 500;

/** Sets `column` of `table` from (old id → new id) pairs, a chunk of pairs per statement. */
async function relink(db: DbExecutor, table: 'units' | 'employees', column: 'parent_id' | 'leader_id', pairs: [number, number][]): Promise<void> {
  for (let i = 0; i < pairs.length; i += CHUNK * 2) {
    const values = pairs.slice(i, i + CHUNK * 2).map(([id, target]) => sql`(${id}::int, ${target}::int)`);
    await db.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = v.target from (values ${sql.join(values, sql`, `)}) as v(id, target) where ${sql.identifier(table)}.id = v.id`);
  }
}

/**
 * Copies a journey's unit tree and employees into another: new ids, the same names, e-mails, user
 * links, attributes (the filters), job titles, gender, generation and entry dates; the unit
 * tree and the leader links remapped to the new ids. Rows are inserted in id order, and
 * Postgres returns inserted rows in the order of the VALUES list, which pairs old and new ids.
 */
export async function copyPeople(db: DbExecutor, fromId: number, toId: number): Promise<{ units: number; employees: number }> {
  const unitRows = await db.select().from(units).where(eq(units.engagementId, fromId)).orderBy(asc(units.id));
  const newUnitId = new Map<number, number>();
  for (let i = 0; i < unitRows.length; i += CHUNK) {
    const chunk = unitRows.slice(i, i + CHUNK);
    const inserted = await db.insert(units).values(chunk.map((u) => ({ engagementId: toId, name: u.name, parentId: null, position: u.position }))).returning({ id: units.id });
    chunk.forEach((u, j) => newUnitId.set(u.id, inserted[j]?.id ?? 0));
  }
  const parentPairs = unitRows.flatMap((u): [number, number][] => {
    const parent = u.parentId === null ? undefined : newUnitId.get(u.parentId);
    return parent === undefined ? [] : [[newUnitId.get(u.id) as number, parent]];
  });
  await relink(db, 'units', 'parent_id', parentPairs);

  const people = await db.select().from(employees).where(eq(employees.engagementId, fromId)).orderBy(asc(employees.id));
  const newEmployeeId = new Map<number, number>();
  for (let i = 0; i < people.length; i += CHUNK) {
    const chunk = people.slice(i, i + CHUNK);
    const inserted = await db
      .insert(employees)
      .values(
        chunk.map((e) => ({
          engagementId: toId,
          unitId: e.unitId === null ? null : (newUnitId.get(e.unitId) ?? null),
          leaderId: null,
          name: e.name,
          email: e.email,
          gender: e.gender,
          generation: e.generation,
          entryDate: e.entryDate,
          jobTitle: e.jobTitle,
          userId: e.userId,
          attributes: { ...e.attributes },
        })),
      )
      .returning({ id: employees.id });
    chunk.forEach((e, j) => newEmployeeId.set(e.id, inserted[j]?.id ?? 0));
  }
  const leaderPairs = people.flatMap((e): [number, number][] => {
    const leader = e.leaderId === null ? undefined : newEmployeeId.get(e.leaderId);
    return leader === undefined ? [] : [[newEmployeeId.get(e.id) as number, leader]];
  });
  await relink(db, 'employees', 'leader_id', leaderPairs);
  return { units: unitRows.length, employees: people.length };
}
