import { EMPLOYEE_GENERATIONS, GENDERS, type TJourneyDirectorySyncResult } from '@ona/contracts';
import { and, eq, gte, inArray, isNull, or, sql, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { linkableUsers } from '../employees-import/import-shared.ts';
import { inChosenUnits, pathKey, unitSegments } from './unit-paths.ts';

const { employees, units, answers, engagements, directoryPeople } = tables;

/** Rows per statement: a few thousand people are a handful of statements, never one per row. */
const CHUNK = 500;
/** First key of the advisory lock that lets one sync at a time touch a journey's people. */
const JOURNEY_PEOPLE_LOCK = 30_001;

type DirectoryPerson = Pick<
  typeof directoryPeople.$inferSelect,
  'id' | 'externalId' | 'email' | 'displayName' | 'unitPath' | 'managerExternalId' | 'hireDate' | 'leaveDate' | 'active' | 'deletedAt' | 'gender' | 'generation' | 'location' | 'jobTitle' | 'attributes'
>;
type JourneyEmployee = Pick<
  typeof employees.$inferSelect,
  'id' | 'directoryPersonId' | 'email' | 'unitId' | 'leaderId' | 'leftAt' | 'name' | 'gender' | 'generation' | 'entryDate' | 'jobTitle' | 'attributes'
>;

/** A journey whose people come from the directory. */
export interface DirectoryJourney {
  id: number;
  organizationId: number;
  /** The chosen unit paths; null: the whole directory. */
  directoryUnits: string[] | null;
}

/**
 * `start`: the journey takes its people from the directory now (people of an earlier upload who
 * are not in the directory's choice are removed, refused once the survey has answers).
 * `follow`: an open journey catches up with directory changes; `personIds` limits the work to the
 * people a writer changed (null: everyone).
 */
export type SyncMode = { kind: 'start' } | { kind: 'follow'; personIds: readonly number[] | null };

const personColumns = {
  id: directoryPeople.id,
  externalId: directoryPeople.externalId,
  email: directoryPeople.email,
  displayName: directoryPeople.displayName,
  unitPath: directoryPeople.unitPath,
  managerExternalId: directoryPeople.managerExternalId,
  hireDate: directoryPeople.hireDate,
  leaveDate: directoryPeople.leaveDate,
  active: directoryPeople.active,
  deletedAt: directoryPeople.deletedAt,
  gender: directoryPeople.gender,
  generation: directoryPeople.generation,
  location: directoryPeople.location,
  jobTitle: directoryPeople.jobTitle,
  attributes: directoryPeople.attributes,
};

/** The directory people a sync looks at: everyone, or the changed ones with their managers and direct reports (whose leader link may change with them). */
async function loadPeople(db: DbExecutor, organizationId: number, personIds: readonly number[] | null): Promise<DirectoryPerson[]> {
  const ofOrganisation = eq(directoryPeople.organizationId, organizationId);
  if (personIds === null) return db.select(personColumns).from(directoryPeople).where(ofOrganisation);
  const found = new Map<number, DirectoryPerson>();
  for (let i = 0; i < personIds.length; i += CHUNK) {
    for (const p of await db.select(personColumns).from(directoryPeople).where(and(ofOrganisation, inArray(directoryPeople.id, personIds.slice(i, i + CHUNK))))) found.set(p.id, p);
  }
  const changed = [...found.values()];
  const externalIds = changed.map((p) => p.externalId);
  const managerIds = changed.flatMap((p) => (p.managerExternalId ? [p.managerExternalId] : []));
  for (let i = 0; i < Math.max(externalIds.length, managerIds.length); i += CHUNK) {
    const reports = externalIds.slice(i, i + CHUNK);
    const managers = managerIds.slice(i, i + CHUNK);
    const related = await db
      .select(personColumns)
      .from(directoryPeople)
      .where(and(ofOrganisation, or(reports.length > 0 ? inArray(directoryPeople.managerExternalId, reports) : undefined, managers.length > 0 ? inArray(directoryPeople.externalId, managers) : undefined)));
    for (const p of related) found.set(p.id, p);
  }
  return [...found.values()];
}

const GENDER_VALUES: ReadonlySet<string> = new Set(GENDERS);
const GENERATION_VALUES: ReadonlySet<string> = new Set(EMPLOYEE_GENERATIONS);
/** The directory keeps free text; the analytics filter only on the product's codes. */
const known = (value: string | null, allowed: ReadonlySet<string>): string | null => {
  const code = value?.trim().toLowerCase() ?? '';
  return allowed.has(code) ? code : null;
};

/** The filter attributes of an employee: the directory's free attributes and its location. */
function attributesOf(person: DirectoryPerson): Record<string, string> {
  return person.location ? { ...person.attributes, location: person.location } : { ...person.attributes };
}

interface EmployeeValues {
  name: string;
  email: string;
  unitId: number | null;
  gender: string | null;
  generation: string | null;
  entryDate: string | null;
  jobTitle: string | null;
  attributes: Record<string, string>;
  directoryPersonId: number;
}

const sameAttributes = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

function differs(employee: JourneyEmployee, values: EmployeeValues): boolean {
  return (
    employee.name !== values.name ||
    employee.email !== values.email ||
    employee.unitId !== values.unitId ||
    employee.gender !== values.gender ||
    employee.generation !== values.generation ||
    employee.entryDate !== values.entryDate ||
    employee.jobTitle !== values.jobTitle ||
    employee.directoryPersonId !== values.directoryPersonId ||
    !sameAttributes(employee.attributes, values.attributes)
  );
}

/** The journey's unit ids by path key, creating the paths it lacks, one insert per tree level. */
async function ensureUnits(db: DbExecutor, journeyId: number, paths: readonly (string | null)[]): Promise<Map<string, number>> {
  const rows = await db.select({ id: units.id, name: units.name, parentId: units.parentId, position: units.position }).from(units).where(eq(units.engagementId, journeyId));
  const byId = new Map(rows.map((u) => [u.id, u]));
  const keyOf = new Map<number, string>();
  const keyOfUnit = (id: number, seen = new Set<number>()): string => {
    const cached = keyOf.get(id);
    if (cached !== undefined) return cached;
    const unit = byId.get(id);
    if (!unit || seen.has(id)) return '';
    seen.add(id);
    const parent = unit.parentId === null ? '' : keyOfUnit(unit.parentId, seen);
    const key = parent === '' ? pathKey([unit.name]) : `${parent} / ${pathKey([unit.name])}`;
    keyOf.set(id, key);
    return key;
  };
  const idOfPath = new Map<string, number>();
  for (const u of rows) if (!idOfPath.has(keyOfUnit(u.id))) idOfPath.set(keyOfUnit(u.id), u.id);
  let position = rows.reduce((max, u) => Math.max(max, u.position), -1) + 1;

  const missingByDepth: Map<string, string[]>[] = [];
  for (const path of paths) {
    const segments = unitSegments(path);
    segments.forEach((_, index) => {
      const prefix = segments.slice(0, index + 1);
      const key = pathKey(prefix);
      if (idOfPath.has(key)) return;
      (missingByDepth[index] ??= new Map()).set(key, prefix);
    });
  }
  for (const level of missingByDepth) {
    if (!level) continue;
    const wanted = [...level.entries()];
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const chunk = wanted.slice(i, i + CHUNK);
      const inserted = await db
        .insert(units)
        .values(chunk.map(([, segments]) => ({ engagementId: journeyId, name: segments[segments.length - 1] as string, parentId: segments.length > 1 ? (idOfPath.get(pathKey(segments.slice(0, -1))) ?? null) : null, position: position++ })))
        .returning({ id: units.id });
      // PostgreSQL returns inserted rows in the order of the VALUES list.
      chunk.forEach(([key], j) => idOfPath.set(key, inserted[j]?.id ?? 0));
    }
  }
  return idOfPath;
}

interface EmployeeWrite extends EmployeeValues {
  id: number;
  leaderId: number | null;
  leftAt: string | null;
}

/** One `update … from (values …)` per chunk of rows. */
async function writeEmployees(db: DbExecutor, rows: readonly EmployeeWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map(
      (r) =>
        sql`(${r.id}::int, ${r.unitId}::int, ${r.leaderId}::int, ${r.leftAt}::date, ${r.name}::text, ${r.email}::text, ${r.gender}::text, ${r.generation}::text, ${r.entryDate}::date, ${r.jobTitle}::text, ${JSON.stringify(r.attributes)}::jsonb, ${r.directoryPersonId}::int)`,
    );
    await db.execute(sql`update employees set unit_id = v.unit_id, leader_id = v.leader_id, left_at = v.left_at, name = v.name, email = v.email, gender = v.gender, generation = v.generation,
      entry_date = v.entry_date, job_title = v.job_title, attributes = v.attributes, directory_person_id = v.directory_person_id
      from (values ${sql.join(values, sql`, `)}) as v(id, unit_id, leader_id, left_at, name, email, gender, generation, entry_date, job_title, attributes, directory_person_id)
      where employees.id = v.id`);
  }
}

/**
 * Brings one journey's employees in line with the directory, in the caller's transaction: joiners
 * in the journey's units become employees, movers get their new unit, manager (leader link) and
 * attributes, leavers (and people who moved out of the chosen units) are marked left on their leave
 * day. Leavers stay rows, since answers may name them; they get no invitation or reminder.
 */
export async function reconcileJourneyWithDirectory(tx: DbExecutor, journey: DirectoryJourney, mode: SyncMode, today: string): Promise<TJourneyDirectorySyncResult> {
  const people = await loadPeople(tx, journey.organizationId, mode.kind === 'start' ? null : mode.personIds);
  const current: JourneyEmployee[] = await tx
    .select({
      id: employees.id,
      directoryPersonId: employees.directoryPersonId,
      email: employees.email,
      unitId: employees.unitId,
      leaderId: employees.leaderId,
      leftAt: employees.leftAt,
      name: employees.name,
      gender: employees.gender,
      generation: employees.generation,
      entryDate: employees.entryDate,
      jobTitle: employees.jobTitle,
      attributes: employees.attributes,
    })
    .from(employees)
    .where(eq(employees.engagementId, journey.id));
  const byPerson = new Map(current.flatMap((e) => (e.directoryPersonId === null ? [] : [[e.directoryPersonId, e] as const])));
  const byEmail = new Map(current.flatMap((e) => (e.email ? [[e.email.toLowerCase(), e] as const] : [])));
  const wanted = (p: DirectoryPerson) => p.active && p.deletedAt === null && inChosenUnits(p.unitPath, journey.directoryUnits);
  const unitIdOf = await ensureUnits(tx, journey.id, people.filter(wanted).map((p) => p.unitPath));

  const matched = new Map<number, JourneyEmployee>();
  const taken = new Set<number>();
  const joiners: DirectoryPerson[] = [];
  // Rows of the same person first, then (a journey that had an upload) rows of the same address.
  for (const person of people) {
    const employee = byPerson.get(person.id);
    if (employee) {
      matched.set(person.id, employee);
      taken.add(employee.id);
    }
  }
  for (const person of people) {
    if (matched.has(person.id)) continue;
    const employee = byEmail.get(person.email.toLowerCase());
    // An address row of someone else who is still there is not this person's.
    if (employee && !taken.has(employee.id) && (employee.directoryPersonId === null || employee.leftAt !== null)) {
      matched.set(person.id, employee);
      taken.add(employee.id);
    } else if (!employee && wanted(person)) joiners.push(person);
  }

  // Start: people of the journey the directory's choice does not hold are taken off.
  let removed: number[] = [];
  if (mode.kind === 'start') {
    const personById = new Map(people.map((p) => [p.id, p]));
    const kept = new Set([...matched.entries()].flatMap(([personId, e]) => {
      const person = personById.get(personId);
      return person && wanted(person) ? [e.id] : [];
    }));
    removed = current.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (removed.length > 0) {
      const [answered] = await tx.select({ n: sql<number>`count(*)::int` }).from(answers).where(eq(answers.engagementId, journey.id));
      if ((answered?.n ?? 0) > 0) throw new ApiError(409, 'employees_have_answers', 'journeys.errors.directory_removes_answered', undefined, { count: removed.length });
      for (let i = 0; i < removed.length; i += 1000) await tx.delete(employees).where(and(eq(employees.engagementId, journey.id), inArray(employees.id, removed.slice(i, i + 1000))));
      const gone = new Set(removed);
      for (const [personId, e] of matched) if (gone.has(e.id)) matched.delete(personId);
    }
  }

  const valuesOf = (person: DirectoryPerson): EmployeeValues => ({
    name: person.displayName,
    email: person.email,
    unitId: unitIdOf.get(pathKey(unitSegments(person.unitPath))) ?? null,
    gender: known(person.gender, GENDER_VALUES),
    generation: known(person.generation, GENERATION_VALUES),
    entryDate: person.hireDate,
    jobTitle: person.jobTitle,
    attributes: attributesOf(person),
    directoryPersonId: person.id,
  });

  const linked = await linkableUsers(tx, journey.organizationId, joiners.map((p) => p.email.toLowerCase()));
  for (let i = 0; i < joiners.length; i += CHUNK) {
    const chunk = joiners.slice(i, i + CHUNK);
    const inserted = await tx
      .insert(employees)
      .values(chunk.map((p) => ({ engagementId: journey.id, leaderId: null, leftAt: null, userId: linked.get(p.email.toLowerCase()) ?? null, ...valuesOf(p) })))
      .returning({ id: employees.id });
    chunk.forEach((p, j) => {
      const values = valuesOf(p);
      matched.set(p.id, { id: inserted[j]?.id ?? 0, leaderId: null, leftAt: null, ...values });
    });
  }
  const joined = new Set(joiners.map((p) => p.id));

  // What every looked-at person's row should be; leader links read the rows as they will be.
  const leftAtOf = new Map<number, string | null>();
  for (const person of people) {
    const employee = matched.get(person.id);
    if (!employee) continue;
    if (wanted(person)) leftAtOf.set(person.id, null);
    // A leaver keeps the day they were first marked; one who moved out of the chosen units leaves today.
    else leftAtOf.set(person.id, employee.leftAt ?? (person.active && person.deletedAt === null ? today : (person.leaveDate ?? today)));
  }
  const personOfExternal = new Map(people.map((p) => [p.externalId, p]));
  // Every looked-at person's manager is among the people loaded (loadPeople), if the directory has them.
  const leaderOf = (person: DirectoryPerson): number | null => {
    const manager = person.managerExternalId ? personOfExternal.get(person.managerExternalId) : undefined;
    return manager && leftAtOf.get(manager.id) === null ? (matched.get(manager.id)?.id ?? null) : null;
  };

  const writes: EmployeeWrite[] = [];
  let updated = 0;
  let left = 0;
  for (const person of people) {
    const employee = matched.get(person.id);
    if (!employee) continue;
    const leftAt = leftAtOf.get(person.id) ?? null;
    if (leftAt !== null && employee.leftAt !== null) continue; // a closed picture: nothing of a leaver changes
    const values: EmployeeValues =
      leftAt === null
        ? valuesOf(person)
        : { name: employee.name, email: employee.email ?? person.email, unitId: employee.unitId, gender: employee.gender, generation: employee.generation, entryDate: employee.entryDate, jobTitle: employee.jobTitle, attributes: employee.attributes, directoryPersonId: person.id };
    const leaderId = leftAt === null ? leaderOf(person) : employee.leaderId;
    const changed = differs(employee, values) || employee.leaderId !== leaderId || employee.leftAt !== leftAt;
    if (!changed) continue;
    writes.push({ id: employee.id, ...values, leaderId, leftAt });
    if (joined.has(person.id)) continue;
    if (leftAt !== null) left++;
    else updated++;
  }
  await writeEmployees(tx, writes);
  const [unitCount] = await tx.select({ n: sql<number>`count(*)::int` }).from(units).where(eq(units.engagementId, journey.id));
  return { created_count: joiners.length, updated_count: updated, left_count: left, removed_count: removed.length, unit_count: unitCount?.n ?? 0 };
}

/** Lets one sync at a time work on a journey's people (released when the transaction ends). */
async function lockJourneyPeople(tx: DbExecutor, journeyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${JOURNEY_PEOPLE_LOCK}::int, ${journeyId}::int)`);
}

export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Makes a journey take its people from the directory (all of it, or the chosen units and below),
 * in one transaction: nothing is half-applied.
 */
export async function startJourneyFromDirectory(db: Database, journey: { id: number; organizationId: number }, chosenUnits: string[] | null, now = new Date()): Promise<TJourneyDirectorySyncResult> {
  const directoryUnits = chosenUnits && chosenUnits.length > 0 ? [...new Set(chosenUnits.map((u) => unitSegments(u).join(' / ')))] : null;
  return db.transaction(async (tx) => {
    await lockJourneyPeople(tx, journey.id);
    await tx.update(engagements).set({ peopleSource: 'directory', directoryUnits }).where(eq(engagements.id, journey.id));
    return reconcileJourneyWithDirectory(tx, { ...journey, directoryUnits }, { kind: 'start' }, dayOf(now));
  });
}

/**
 * THE CALL FOR EVERY DIRECTORY WRITER (SCIM, the HR-file sync, the employees upload): after the
 * writer's transaction has committed, the organisation's open directory journeys follow the change.
 * Open means a directory journey that is not closed, archived or past its last day; a closed one
 * keeps the picture it was answered in. `personIds` names the directory people the writer changed
 * (their managers and direct reports are looked at too); leave it out after a bulk change to
 * reconcile everyone. Each journey is its own transaction under a per-journey lock, so two writers
 * never interleave on one journey, and a run that fails leaves that journey as it was (any later
 * run, or a full one, catches up: the sync compares states, it does not replay events).
 */
export async function syncOpenJourneysFromDirectory(
  db: Database,
  organizationId: number,
  options: { personIds?: readonly number[]; now?: Date } = {},
): Promise<{ journeys: { id: number; result: TJourneyDirectorySyncResult }[] }> {
  const today = dayOf(options.now ?? new Date());
  const open = await db
    .select({ id: engagements.id, organizationId: engagements.organizationId, directoryUnits: engagements.directoryUnits })
    .from(engagements)
    .where(and(eq(engagements.organizationId, organizationId), eq(engagements.peopleSource, 'directory'), isNull(engagements.closedAt), isNull(engagements.archivedAt), gte(engagements.accessTill, today)));
  const journeys: { id: number; result: TJourneyDirectorySyncResult }[] = [];
  if (options.personIds?.length === 0) return { journeys };
  for (const journey of open) {
    const result = await db.transaction(async (tx) => {
      await lockJourneyPeople(tx, journey.id);
      return reconcileJourneyWithDirectory(tx, journey, { kind: 'follow', personIds: options.personIds ?? null }, today);
    });
    journeys.push({ id: journey.id, result });
  }
  return { journeys };
}
