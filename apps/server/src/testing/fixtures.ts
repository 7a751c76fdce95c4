import { tables, type Database } from '@ona/db';
import type { TAccessLevel, TModule } from '@ona/contracts';
import { hashPassword } from '../modules/auth/password-hash.ts';

export const FIXTURE_PASSWORD = 'correct-horse-1';
let cachedHash: string | undefined;

export async function createUser(db: Database, input: { email: string; name?: string; organizationIds: number[]; permissions?: string[]; canChangeOrganization?: boolean }) {
  cachedHash ??= await hashPassword(FIXTURE_PASSWORD);
  const [user] = await db
    .insert(tables.users)
    .values({
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? 'user',
      passwordHash: cachedHash,
      canChangeOrganization: input.canChangeOrganization ?? false,
      currentOrganizationId: input.organizationIds[0] ?? null,
    })
    .returning();
  if (!user) throw new Error('no user');
  for (const organizationId of input.organizationIds) {
    await db.insert(tables.memberships).values({ userId: user.id, organizationId, permissions: input.permissions ?? [] });
  }
  return user;
}

export async function createOrganization(db: Database, name: string) {
  const [org] = await db.insert(tables.organizations).values({ name }).returning();
  if (!org) throw new Error('no organisation');
  return org;
}

/** An engagement with a three-level leader chain (boss → lead → member) and one unit each. */
export async function createEngagement(db: Database, organizationId: number, name = 'Spring survey') {
  const [engagement] = await db
    .insert(tables.engagements)
    .values({ organizationId, name, accessFrom: '2026-03-01', accessTill: '2026-03-21' })
    .returning();
  if (!engagement) throw new Error('no engagement');
  const [root] = await db.insert(tables.units).values({ engagementId: engagement.id, name: 'Company', parentId: null }).returning();
  const [team] = await db.insert(tables.units).values({ engagementId: engagement.id, name: 'Team A', parentId: root?.id ?? null }).returning();
  const [boss] = await db.insert(tables.employees).values({ engagementId: engagement.id, unitId: root?.id ?? null, name: 'Boss', email: `boss-${engagement.id}@x.test` }).returning();
  const [lead] = await db.insert(tables.employees).values({ engagementId: engagement.id, unitId: team?.id ?? null, leaderId: boss?.id ?? null, name: 'Lead', email: `lead-${engagement.id}@x.test` }).returning();
  const [member] = await db.insert(tables.employees).values({ engagementId: engagement.id, unitId: team?.id ?? null, leaderId: lead?.id ?? null, name: 'Member', email: `member-${engagement.id}@x.test` }).returning();
  if (!boss || !lead || !member) throw new Error('no employees');
  return { engagement, employees: { boss, lead, member } };
}

export async function grantAccess(db: Database, engagementId: number, userId: number, levels: Partial<Record<TModule, TAccessLevel>>) {
  const rows = Object.entries(levels).map(([module, accessLevel]) => ({ engagementId, userId, module, accessLevel: accessLevel as string }));
  if (rows.length > 0) await db.insert(tables.moduleAccess).values(rows);
}
