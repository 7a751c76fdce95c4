import { and, asc, count, databaseErrorOf, eq, inArray, isNull, ne, sql, statementChunks, tables, type Database, type SQL } from '@ona/db';
import { SCIM_SCHEMA } from '@ona/contracts';
import { ScimError } from './scim-error.ts';
import { checkVersion, UUID } from './directory-people.ts';
import type { TFilterAttribute } from './scim-filter.ts';
import { etagOf } from './user-resource.ts';

const { directoryGroups: groups, directoryGroupMembers: members, directoryPeople: people } = tables;

type TGroupRow = typeof groups.$inferSelect;
type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export interface TGroupWithMembers {
  group: TGroupRow;
  members: { value: string; display: string }[];
}

export interface TGroupFields {
  displayName: string;
  externalId: string | null;
  /** SCIM ids of the member users. */
  memberIds: string[];
}

// The group's id qualified by hand: drizzle writes a lone table's columns unqualified, which the subquery would read as its own.
const memberOf = (condition: (value: SQL) => SQL) =>
  sql`exists (select 1 from directory_group_members gm join directory_people gp on gp.id = gm.person_id where gm.group_id = "directory_groups"."id" and ${condition(sql`gp.resource_id::text`)})`;

export const GROUP_FILTER_ATTRIBUTES: ReadonlyMap<string, TFilterAttribute> = new Map<string, TFilterAttribute>([
  ['id', { kind: 'text', column: sql`${groups.resourceId}::text`, caseExact: true }],
  ['externalid', { kind: 'text', column: sql`${groups.externalId}`, caseExact: true }],
  ['displayname', { kind: 'text', column: sql`${groups.displayName}`, caseExact: false }],
  ['members', { kind: 'any', build: memberOf }],
  ['members.value', { kind: 'any', build: memberOf }],
  ['meta.created', { kind: 'timestamp', column: sql`${groups.createdAt}` }],
  ['meta.lastmodified', { kind: 'timestamp', column: sql`${groups.updatedAt}` }],
]);

async function withMembers(db: Database | TTransaction, rows: TGroupRow[], includeMembers: boolean): Promise<TGroupWithMembers[]> {
  if (rows.length === 0) return [];
  const memberRows = includeMembers
    ? await db
        .select({ groupId: members.groupId, value: people.resourceId, display: people.displayName })
        .from(members)
        .innerJoin(people, eq(people.id, members.personId))
        .where(inArray(members.groupId, rows.map((r) => r.id)))
        .orderBy(asc(people.id))
    : [];
  return rows.map((group) => ({ group, members: memberRows.filter((m) => m.groupId === group.id).map(({ value, display }) => ({ value, display })) }));
}

export async function listGroups(db: Database, organizationId: number, filter: SQL | null, offset: number, limit: number, includeMembers: boolean): Promise<{ total: number; groups: TGroupWithMembers[] }> {
  const where = filter ? and(eq(groups.organizationId, organizationId), filter) : eq(groups.organizationId, organizationId);
  const [counted] = await db.select({ total: count() }).from(groups).where(where);
  const rows = limit === 0 ? [] : await db.select().from(groups).where(where).orderBy(asc(groups.createdAt), asc(groups.id)).offset(offset).limit(limit);
  return { total: counted?.total ?? 0, groups: await withMembers(db, rows, includeMembers) };
}

export async function findGroup(db: Database, organizationId: number, resourceId: string): Promise<TGroupWithMembers | undefined> {
  if (!UUID.test(resourceId)) return undefined;
  const rows = await db.select().from(groups).where(and(eq(groups.organizationId, organizationId), eq(groups.resourceId, resourceId))).limit(1);
  return (await withMembers(db, rows, true))[0];
}

/** The directory ids of the members; a member who is not a current person of this organisation is refused. */
async function memberPersonIds(tx: TTransaction, organizationId: number, memberIds: string[]): Promise<number[]> {
  const unique = [...new Set(memberIds)];
  const wrong = unique.find((id) => !UUID.test(id));
  if (wrong !== undefined) throw new ScimError(400, `Member ${wrong} is not a user of this directory`, 'invalidValue');
  if (unique.length === 0) return [];
  const found = await tx.select({ id: people.id, resourceId: people.resourceId }).from(people).where(and(eq(people.organizationId, organizationId), isNull(people.deletedAt), inArray(people.resourceId, unique)));
  const missing = unique.find((id) => !found.some((f) => f.resourceId === id));
  if (missing !== undefined) throw new ScimError(400, `Member ${missing} is not a user of this directory`, 'invalidValue');
  return found.map((f) => f.id);
}

async function checkName(tx: TTransaction, organizationId: number, displayName: string, exceptId: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.organizationId, organizationId), sql`lower(${groups.displayName}) = ${displayName.toLowerCase()}`, exceptId === null ? undefined : ne(groups.id, exceptId)))
    .limit(1);
  if (clash) throw new ScimError(409, `A group named ${displayName} exists`, 'uniqueness');
}

const raced = (error: unknown): never => {
  if (error instanceof ScimError) throw error;
  if (databaseErrorOf(error)?.code === '23505') throw new ScimError(409, 'A group of this name exists', 'uniqueness');
  throw error;
};

export async function createGroup(db: Database, organizationId: number, fields: TGroupFields, now: Date): Promise<TGroupWithMembers> {
  const resourceId = await db
    .transaction(async (tx) => {
      await checkName(tx, organizationId, fields.displayName, null);
      const personIds = await memberPersonIds(tx, organizationId, fields.memberIds);
      const [stored] = await tx.insert(groups).values({ organizationId, displayName: fields.displayName, externalId: fields.externalId, createdAt: now, updatedAt: now }).returning();
      if (!stored) throw new Error('group not stored');
      for (const chunk of statementChunks(personIds.map((personId) => ({ groupId: stored.id, personId })))) await tx.insert(members).values(chunk);
      return stored.resourceId;
    })
    .catch(raced);
  const found = await findGroup(db, organizationId, resourceId);
  if (!found) throw new Error('group not found after insert');
  return found;
}

/** A group after PUT or PATCH: `compute` makes its new state from the current one, under a row lock. */
export async function updateGroup(db: Database, organizationId: number, resourceId: string, ifMatch: string | undefined, now: Date, compute: (current: TGroupWithMembers) => TGroupFields): Promise<TGroupWithMembers> {
  await db
    .transaction(async (tx) => {
      if (!UUID.test(resourceId)) throw new ScimError(404, `Group ${resourceId} not found`);
      const [row] = await tx.select().from(groups).where(and(eq(groups.organizationId, organizationId), eq(groups.resourceId, resourceId))).for('update').limit(1);
      if (!row) throw new ScimError(404, `Group ${resourceId} not found`);
      checkVersion(row.version, ifMatch);
      const current = (await withMembers(tx, [row], true))[0];
      if (!current) throw new Error('group vanished');
      const fields = compute(current);
      await checkName(tx, organizationId, fields.displayName, row.id);
      const personIds = await memberPersonIds(tx, organizationId, fields.memberIds);
      await tx.update(groups).set({ displayName: fields.displayName, externalId: fields.externalId, version: row.version + 1, updatedAt: now }).where(eq(groups.id, row.id));
      await tx.delete(members).where(eq(members.groupId, row.id));
      for (const chunk of statementChunks(personIds.map((personId) => ({ groupId: row.id, personId })))) await tx.insert(members).values(chunk);
    })
    .catch(raced);
  const found = await findGroup(db, organizationId, resourceId);
  if (!found) throw new Error('group not found after update');
  return found;
}

export async function deleteGroup(db: Database, organizationId: number, resourceId: string, ifMatch: string | undefined): Promise<void> {
  if (!UUID.test(resourceId)) throw new ScimError(404, `Group ${resourceId} not found`);
  const [row] = await db.select().from(groups).where(and(eq(groups.organizationId, organizationId), eq(groups.resourceId, resourceId))).limit(1);
  if (!row) throw new ScimError(404, `Group ${resourceId} not found`);
  checkVersion(row.version, ifMatch);
  await db.delete(groups).where(eq(groups.id, row.id));
}

export function toScimGroup({ group, members: memberList }: TGroupWithMembers, baseUrl: string, includeMembers = true): Record<string, unknown> {
  return {
    schemas: [SCIM_SCHEMA.group],
    id: group.resourceId,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(includeMembers ? { members: memberList.map((m) => ({ value: m.value, display: m.display, $ref: `${baseUrl}/Users/${m.value}` })) } : {}),
    meta: { resourceType: 'Group', created: group.createdAt.toISOString(), lastModified: group.updatedAt.toISOString(), version: etagOf(group.version), location: `${baseUrl}/Groups/${group.resourceId}` },
  };
}
