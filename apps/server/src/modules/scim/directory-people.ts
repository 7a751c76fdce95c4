import { and, asc, count, databaseErrorOf, eq, isNotNull, isNull, ne, sql, tables, type Database, type SQL } from '@ona/db';
import { ScimError } from './scim-error.ts';
import type { TDirectoryPersonRow, TPersonFields } from './user-resource.ts';
import { managerIdSql } from './user-resource.ts';

const { directoryPeople: people, directoryPersonHistory: history, directoryGroupMembers: groupMembers } = tables;

type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type TExecutor = Database | TTransaction;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TPersonWithManager {
  person: TDirectoryPersonRow;
  managerId: string | null;
}

/** The date a change happened, as the directory keeps leave dates (UTC day). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const visible = (organizationId: number) => and(eq(people.organizationId, organizationId), isNull(people.deletedAt));

/** A page of the organisation's provisioned people (SCIM list), filtered and paged in the database. */
export async function listPeople(db: Database, organizationId: number, filter: SQL | null, offset: number, limit: number): Promise<{ total: number; people: TPersonWithManager[] }> {
  const where = filter ? and(visible(organizationId), filter) : visible(organizationId);
  const [counted] = await db.select({ total: count() }).from(people).where(where);
  const rows = limit === 0 ? [] : await db.select({ person: people, managerId: managerIdSql }).from(people).where(where).orderBy(asc(people.createdAt), asc(people.id)).offset(offset).limit(limit);
  return { total: counted?.total ?? 0, people: rows };
}

export async function findPerson(db: TExecutor, organizationId: number, resourceId: string, lock = false): Promise<TPersonWithManager | undefined> {
  if (!UUID.test(resourceId)) return undefined;
  const query = db.select({ person: people, managerId: managerIdSql }).from(people).where(and(visible(organizationId), eq(people.resourceId, resourceId))).limit(1);
  const [row] = lock ? await query.for('update', { of: people }) : await query;
  return row;
}

/** The manager's externalId: the reference is the manager's SCIM id, or (HR systems) their externalId. */
async function managerExternalId(tx: TExecutor, organizationId: number, reference: string | null): Promise<string | null> {
  if (!reference) return null;
  if (UUID.test(reference)) {
    const [byId] = await tx.select({ externalId: people.externalId }).from(people).where(and(eq(people.organizationId, organizationId), eq(people.resourceId, reference))).limit(1);
    if (byId) return byId.externalId;
  }
  return reference;
}

/** The 409 uniqueness refusal when another current person already has this userName, externalId or (active) e-mail. */
async function checkUnique(tx: TExecutor, organizationId: number, fields: { userName: string; externalId: string; email: string; active: boolean }, exceptId: number | null): Promise<void> {
  const others = exceptId === null ? undefined : ne(people.id, exceptId);
  const clash = async (condition: SQL | undefined) => (await tx.select({ id: people.id }).from(people).where(and(eq(people.organizationId, organizationId), others, condition)).limit(1)).length > 0;
  if (await clash(and(isNull(people.deletedAt), sql`lower(${people.userName}) = ${fields.userName.toLowerCase()}`))) {
    throw new ScimError(409, `userName ${fields.userName} is already in use`, 'uniqueness');
  }
  if (await clash(and(isNull(people.deletedAt), eq(people.externalId, fields.externalId)))) throw new ScimError(409, `externalId ${fields.externalId} is already in use`, 'uniqueness');
  if (fields.active && (await clash(and(eq(people.active, true), sql`lower(${people.email}) = ${fields.email}`)))) {
    throw new ScimError(409, `The e-mail address ${fields.email} belongs to another active person`, 'uniqueness');
  }
}

/** A unique index that still said no (two requests at once): the same 409 as the checks. */
function uniquenessRace(error: unknown): never {
  if (databaseErrorOf(error)?.code === '23505') throw new ScimError(409, 'userName, externalId or e-mail is already in use', 'uniqueness');
  throw error;
}

function columnsOf(fields: TPersonFields, externalId: string, manager: string | null) {
  return {
    externalId,
    userName: fields.userName,
    email: fields.email,
    givenName: fields.givenName,
    familyName: fields.familyName,
    displayName: fields.displayName,
    employeeNumber: fields.employeeNumber,
    unitPath: fields.unitPath,
    managerExternalId: manager,
    jobTitle: fields.jobTitle,
    hireDate: fields.hireDate,
    language: fields.language,
    timeZone: fields.timeZone,
    gender: fields.gender,
    generation: fields.generation,
    location: fields.location,
    active: fields.active,
  };
}

/**
 * Leave date and reason after a change: deactivating records the day it happened unless a date
 * is given; reactivating (a rehire, or an undone mistake) clears them.
 */
function leaving(before: { active: boolean } | null, fields: TPersonFields, now: Date): { leaveDate: string | null; leaveReason: string | null } {
  if (fields.active && before && !before.active) return { leaveDate: null, leaveReason: null };
  if (!fields.active && (!before || before.active)) return { leaveDate: fields.leaveDate ?? dayOf(now), leaveReason: fields.leaveReason };
  return { leaveDate: fields.leaveDate, leaveReason: fields.leaveReason };
}

async function recordHistory(tx: TExecutor, person: TDirectoryPersonRow, now: Date): Promise<void> {
  await tx.insert(history).values({ organizationId: person.organizationId, personId: person.id, validFrom: now, unitPath: person.unitPath, managerExternalId: person.managerExternalId, active: person.active, leaveDate: person.leaveDate, source: 'scim' });
}

const movedOrLeft = (a: TDirectoryPersonRow, b: TDirectoryPersonRow) => a.unitPath !== b.unitPath || a.managerExternalId !== b.managerExternalId || a.active !== b.active;

/**
 * A new person (SCIM POST). Someone deleted earlier with the same externalId comes back as that
 * same person, with their history, rather than as a stranger.
 */
export async function createPerson(db: Database, organizationId: number, fields: TPersonFields, now: Date): Promise<TPersonWithManager> {
  const externalId = fields.externalId ?? fields.employeeNumber ?? fields.userName;
  try {
    const resourceId = await db.transaction(async (tx) => {
      await checkUnique(tx, organizationId, { ...fields, externalId }, null);
      const manager = await managerExternalId(tx, organizationId, fields.managerReference);
      const [deleted] = await tx.select().from(people).where(and(eq(people.organizationId, organizationId), eq(people.externalId, externalId), isNotNull(people.deletedAt))).for('update').limit(1);
      const values = { ...columnsOf(fields, externalId, manager), ...leaving(deleted ?? null, fields, now), updatedAt: now };
      const [stored] = deleted
        ? await tx.update(people).set({ ...values, deletedAt: null, version: deleted.version + 1 }).where(eq(people.id, deleted.id)).returning()
        : await tx.insert(people).values({ ...values, organizationId, createdAt: now }).returning();
      if (!stored) throw new Error('directory person not stored');
      await recordHistory(tx, stored, now);
      return stored.resourceId;
    });
    const found = await findPerson(db, organizationId, resourceId);
    if (!found) throw new Error('directory person not found after insert');
    return found;
  } catch (error) {
    if (error instanceof ScimError) throw error;
    return uniquenessRace(error);
  }
}

/** What every change of an existing resource checks first: it is there, and the client's ETag is current. */
export function checkVersion(version: number, ifMatch: string | undefined): void {
  if (!ifMatch) return;
  const wanted = ifMatch.split(',').map((tag) => tag.trim());
  if (wanted.includes('*') || wanted.some((tag) => tag.replace(/^W\//, '') === `"${version}"`)) return;
  throw new ScimError(412, 'The resource changed since the version given in If-Match');
}

/** A person after PUT or PATCH (`compute` makes the new fields from the current ones, under a row lock). */
export async function updatePerson(
  db: Database,
  organizationId: number,
  resourceId: string,
  ifMatch: string | undefined,
  now: Date,
  compute: (current: TPersonWithManager) => TPersonFields,
): Promise<TPersonWithManager> {
  try {
    await db.transaction(async (tx) => {
      const current = await findPerson(tx, organizationId, resourceId, true);
      if (!current) throw new ScimError(404, `User ${resourceId} not found`);
      checkVersion(current.person.version, ifMatch);
      const fields = compute(current);
      const before = current.person;
      const externalId = fields.externalId ?? before.externalId;
      await checkUnique(tx, organizationId, { ...fields, externalId }, before.id);
      const manager = await managerExternalId(tx, organizationId, fields.managerReference);
      const values = { ...columnsOf(fields, externalId, manager), ...leaving(before, fields, now) };
      const [stored] = await tx.update(people).set({ ...values, version: before.version + 1, updatedAt: now }).where(eq(people.id, before.id)).returning();
      if (!stored) throw new Error('directory person not updated');
      if (movedOrLeft(before, stored)) await recordHistory(tx, stored, now);
    });
  } catch (error) {
    if (error instanceof ScimError) throw error;
    uniquenessRace(error);
  }
  const found = await findPerson(db, organizationId, resourceId);
  if (!found) throw new Error('directory person not found after update');
  return found;
}

/**
 * SCIM DELETE: the identity provider no longer knows the person. The directory keeps them as a
 * leaver (leave date today unless they had one) with their history; they leave every group.
 */
export async function deletePerson(db: Database, organizationId: number, resourceId: string, ifMatch: string | undefined, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const current = await findPerson(tx, organizationId, resourceId, true);
    if (!current) throw new ScimError(404, `User ${resourceId} not found`);
    checkVersion(current.person.version, ifMatch);
    const before = current.person;
    const [stored] = await tx
      .update(people)
      .set({ deletedAt: now, active: false, leaveDate: before.active ? dayOf(now) : before.leaveDate, version: before.version + 1, updatedAt: now })
      .where(eq(people.id, before.id))
      .returning();
    if (!stored) throw new Error('directory person not deleted');
    if (before.active) await recordHistory(tx, stored, now);
    await tx.delete(groupMembers).where(eq(groupMembers.personId, before.id));
    return before.id;
  });
}

/** Everything that was recorded of a person, oldest first (tests and the directory page read it). */
export async function personHistory(db: Database, organizationId: number, personId: number) {
  return db.select().from(history).where(and(eq(history.organizationId, organizationId), eq(history.personId, personId))).orderBy(asc(history.validFrom), asc(history.id));
}
