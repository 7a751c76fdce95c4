import { and, asc, eq, inArray, statementChunks, tables, type Database } from '@ona/db';
import type { TInstantGroup, TInstantUser } from '@ona/contracts';

const { instantUsers, instantGroups, instantGroupMembers } = tables;

type TUserRow = typeof instantUsers.$inferSelect;
const toUser = (row: TUserRow): TInstantUser => ({ id: row.id, name: row.name, email: row.email });

export async function listUsers(db: Database, organizationId: number): Promise<TInstantUser[]> {
  const rows = await db.select().from(instantUsers).where(eq(instantUsers.organizationId, organizationId)).orderBy(asc(instantUsers.name), asc(instantUsers.id));
  return rows.map(toUser);
}

export async function insertUser(db: Database, organizationId: number, input: { name: string; email: string | null }): Promise<TInstantUser> {
  const [row] = await db.insert(instantUsers).values({ organizationId, ...input }).returning();
  if (!row) throw new Error('user insert returned nothing');
  return toUser(row);
}

export async function updateUser(db: Database, organizationId: number, userId: number, input: { name: string; email: string | null }): Promise<TInstantUser | undefined> {
  const [row] = await db.update(instantUsers).set(input).where(and(eq(instantUsers.id, userId), eq(instantUsers.organizationId, organizationId))).returning();
  return row ? toUser(row) : undefined;
}

export async function deleteUser(db: Database, organizationId: number, userId: number): Promise<boolean> {
  const rows = await db.delete(instantUsers).where(and(eq(instantUsers.id, userId), eq(instantUsers.organizationId, organizationId))).returning({ id: instantUsers.id });
  return rows.length > 0;
}

/** How many of `userIds` are users of the organisation (a group may hold only those). */
export async function countOwnUsers(db: Database, organizationId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db.select({ id: instantUsers.id }).from(instantUsers).where(and(eq(instantUsers.organizationId, organizationId), inArray(instantUsers.id, userIds)));
  return rows.length;
}

async function describeGroups(db: Database, groups: (typeof instantGroups.$inferSelect)[]): Promise<TInstantGroup[]> {
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: instantGroupMembers.groupId, user: instantUsers })
    .from(instantGroupMembers)
    .innerJoin(instantUsers, eq(instantUsers.id, instantGroupMembers.userId))
    .where(inArray(instantGroupMembers.groupId, groups.map((g) => g.id)))
    .orderBy(asc(instantUsers.name));
  return groups.map((g) => ({ id: g.id, name: g.name, users: members.filter((m) => m.groupId === g.id).map((m) => toUser(m.user)) }));
}

export async function listGroups(db: Database, organizationId: number): Promise<TInstantGroup[]> {
  return describeGroups(db, await db.select().from(instantGroups).where(eq(instantGroups.organizationId, organizationId)).orderBy(asc(instantGroups.name), asc(instantGroups.id)));
}

export async function findGroup(db: Database, organizationId: number, groupId: number): Promise<TInstantGroup | undefined> {
  const rows = await db.select().from(instantGroups).where(and(eq(instantGroups.id, groupId), eq(instantGroups.organizationId, organizationId))).limit(1);
  const [group] = await describeGroups(db, rows);
  return group;
}

async function setMembers(db: Database, groupId: number, userIds: number[]): Promise<void> {
  await db.delete(instantGroupMembers).where(eq(instantGroupMembers.groupId, groupId));
  const unique = [...new Set(userIds)];
  for (const chunk of statementChunks(unique.map((userId) => ({ groupId, userId })))) await db.insert(instantGroupMembers).values(chunk);
}

export async function insertGroup(db: Database, organizationId: number, name: string, userIds: number[]): Promise<number> {
  const [row] = await db.insert(instantGroups).values({ organizationId, name }).returning({ id: instantGroups.id });
  if (!row) throw new Error('group insert returned nothing');
  await setMembers(db, row.id, userIds);
  return row.id;
}

export async function updateGroup(db: Database, organizationId: number, groupId: number, name: string, userIds: number[]): Promise<boolean> {
  const rows = await db.update(instantGroups).set({ name }).where(and(eq(instantGroups.id, groupId), eq(instantGroups.organizationId, organizationId))).returning({ id: instantGroups.id });
  if (rows.length === 0) return false;
  await setMembers(db, groupId, userIds);
  return true;
}

export async function deleteGroup(db: Database, organizationId: number, groupId: number): Promise<boolean> {
  const rows = await db.delete(instantGroups).where(and(eq(instantGroups.id, groupId), eq(instantGroups.organizationId, organizationId))).returning({ id: instantGroups.id });
  return rows.length > 0;
}
