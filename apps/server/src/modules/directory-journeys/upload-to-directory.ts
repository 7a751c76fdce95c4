import { and, eq, inArray, sql, tables } from '@ona/db';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import type { EmployeeRowInput } from '../employees-import/organisation-rows.ts';
import { UNIT_PATH_SEPARATOR } from './unit-paths.ts';

const { directoryPeople, directoryPersonHistory, units } = tables;
const CHUNK = 500;

/** The journey's unit paths by unit name key (trimmed, lower case), walking the parent links. */
async function unitPathsByName(db: DbExecutor, journeyId: number): Promise<Map<string, string>> {
  const rows = await db.select({ id: units.id, name: units.name, parentId: units.parentId }).from(units).where(eq(units.engagementId, journeyId));
  const byId = new Map(rows.map((u) => [u.id, u]));
  const pathOf = (id: number, seen = new Set<number>()): string[] => {
    const unit = byId.get(id);
    if (!unit || seen.has(id)) return [];
    seen.add(id);
    return [...(unit.parentId === null ? [] : pathOf(unit.parentId, seen)), unit.name.trim()];
  };
  const paths = new Map<string, string>();
  for (const unit of rows) {
    const key = unit.name.trim().toLocaleLowerCase();
    if (!paths.has(key)) paths.set(key, pathOf(unit.id).join(UNIT_PATH_SEPARATOR));
  }
  return paths;
}

/**
 * The employees upload feeds the directory too (docs/directory-journeys.md): each row's person is
 * found among the directory's active people by e-mail (any case) and updated (name, unit path from
 * the journey's unit tree, manager, job title, gender, generation, hire date), or added with the
 * lower-cased e-mail as external id and user name. A person the file leaves out is not made a
 * leaver: one journey's participant list is not the whole company. Runs in the upload's
 * transaction; answers the ids of the directory people it touched, for
 * syncOpenJourneysFromDirectory after the commit.
 */
export async function feedDirectoryFromUpload(tx: DbExecutor, organizationId: number, journeyId: number, rows: readonly EmployeeRowInput[], now: Date): Promise<number[]> {
  const pathOfUnit = await unitPathsByName(tx, journeyId);
  const emails = rows.flatMap((r) => (r.email ? [r.email.toLowerCase()] : []));
  const existing = new Map<string, typeof directoryPeople.$inferSelect>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const found = await tx
      .select()
      .from(directoryPeople)
      .where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, true), inArray(sql`lower(${directoryPeople.email})`, emails.slice(i, i + CHUNK))));
    for (const person of found) existing.set(person.email.toLowerCase(), person);
  }
  // Every address of the file gets its external id first, so each manager line can point at one.
  const externalIdOf = (email: string): string => existing.get(email)?.externalId ?? email;
  const valuesOf = (row: EmployeeRowInput, person: typeof directoryPeople.$inferSelect | undefined) => ({
    displayName: row.name ?? person?.displayName ?? (row.email as string),
    unitPath: row.unit === null ? null : (pathOfUnit.get(row.unit.trim().toLocaleLowerCase()) ?? row.unit),
    managerExternalId: row.leaderEmail === null ? null : externalIdOf(row.leaderEmail.toLowerCase()),
    jobTitle: row.jobTitle ?? person?.jobTitle ?? null,
    gender: row.gender ?? person?.gender ?? null,
    generation: row.generation ?? person?.generation ?? null,
    hireDate: row.entryDate ?? person?.hireDate ?? null,
  });
  type Values = ReturnType<typeof valuesOf>;

  const touched: number[] = [];
  const histories: (typeof directoryPersonHistory.$inferInsert)[] = [];
  const newcomers = rows.filter((r) => r.email && !existing.has(r.email.toLowerCase()));
  for (let i = 0; i < newcomers.length; i += CHUNK) {
    const inserted = await tx
      .insert(directoryPeople)
      .values(newcomers.slice(i, i + CHUNK).map((r) => {
        const email = (r.email as string).toLowerCase();
        return { organizationId, externalId: email, userName: email, email, ...valuesOf(r, undefined), createdAt: now, updatedAt: now };
      }))
      // A departed person's external id or a SCIM user name equal to this address: left alone.
      .onConflictDoNothing()
      .returning();
    for (const person of inserted) {
      touched.push(person.id);
      histories.push({ organizationId, personId: person.id, validFrom: now, unitPath: person.unitPath, managerExternalId: person.managerExternalId, active: true, leaveDate: null, source: 'upload' });
    }
  }

  const changes: { person: typeof directoryPeople.$inferSelect; values: Values }[] = [];
  for (const row of rows) {
    const person = row.email ? existing.get(row.email.toLowerCase()) : undefined;
    if (!person) continue;
    const values = valuesOf(row, person);
    if (!(Object.keys(values) as (keyof Values)[]).some((key) => person[key] !== values[key])) continue;
    changes.push({ person, values });
    touched.push(person.id);
    if (person.unitPath !== values.unitPath || person.managerExternalId !== values.managerExternalId) {
      histories.push({ organizationId, personId: person.id, validFrom: now, unitPath: values.unitPath, managerExternalId: values.managerExternalId, active: true, leaveDate: null, source: 'upload' });
    }
  }
  // One `update … from (values …)` per chunk; the version (ETag) rises with every change.
  for (let i = 0; i < changes.length; i += CHUNK) {
    const list = changes.slice(i, i + CHUNK).map(
      ({ person, values: v }) =>
        sql`(${person.id}::int, ${v.displayName}::text, ${v.unitPath}::text, ${v.managerExternalId}::text, ${v.jobTitle}::text, ${v.gender}::text, ${v.generation}::text, ${v.hireDate}::date)`,
    );
    await tx.execute(sql`update directory_people set display_name = v.display_name, unit_path = v.unit_path, manager_external_id = v.manager_external_id, job_title = v.job_title,
      gender = v.gender, generation = v.generation, hire_date = v.hire_date, version = directory_people.version + 1, updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(list, sql`, `)}) as v(id, display_name, unit_path, manager_external_id, job_title, gender, generation, hire_date)
      where directory_people.id = v.id`);
  }
  for (let i = 0; i < histories.length; i += CHUNK) await tx.insert(directoryPersonHistory).values(histories.slice(i, i + CHUNK));
  return touched;
}
