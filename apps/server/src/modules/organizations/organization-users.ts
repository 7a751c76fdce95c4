import { PERMISSIONS, type TOrganizationUser, type TOrganizationUserInvite, type TOrganizationUserPatch, type TPermission } from '@ona/contracts';
import { and, asc, eq, isNull, or, sql, tables } from '@ona/db';
import { conflict, notFound } from '../../errors/api-error.ts';
import { hasPassword, UNSET_PASSWORD_HASH } from '../auth/password-hash.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';
import { INVITATION_LINK_LIFETIME_DAYS } from './invitation-emails.ts';
import { ORGANIZATION_ADMIN_PERMISSION } from './organization-guards.ts';

const { users, memberships, organizations, passwordResets, apiKeys } = tables;

const knownPermissions = (list: string[]): TPermission[] => PERMISSIONS.filter((p) => list.includes(p));

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  permissions: memberships.permissions,
  deactivatedAt: memberships.deactivatedAt,
};
type UserRow = { id: number; name: string; email: string; passwordHash: string; permissions: string[]; deactivatedAt: Date | null };

function toOrganizationUser(row: UserRow): TOrganizationUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    permissions: knownPermissions(row.permissions),
    active: row.deactivatedAt === null,
    invitation_pending: !hasPassword(row.passwordHash),
  };
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listOrganizationUsers(db: DbExecutor, organizationId: number, q: string | undefined): Promise<TOrganizationUser[]> {
  const search = q ? likePattern(q) : undefined;
  const rows = await db
    .select(userColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), search ? or(sql`${users.name} ilike ${search}`, sql`${users.email} ilike ${search}`) : undefined))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map(toOrganizationUser);
}

/** One member of the organisation (deactivated ones too); anyone else, of any organisation: 404. */
export async function findOrganizationUser(db: DbExecutor, organizationId: number, userId: number): Promise<TOrganizationUser & { hasPassword: boolean }> {
  const [row] = await db
    .select(userColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  if (!row) throw notFound();
  return { ...toOrganizationUser(row), hasPassword: hasPassword(row.passwordHash) };
}

/**
 * Locks the organisation row for the rest of the transaction: permission changes of one
 * organisation then run one after another, so two administrators removing each other at the same
 * moment cannot both pass the last-administrator check.
 */
export async function lockOrganization(tx: DbExecutor, organizationId: number) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId)).for('update');
  if (!org) throw notFound();
  return org;
}

/** Inside the transaction of a change: at least one active organization_admin must remain. */
async function refuseWithoutAdministrator(tx: DbExecutor, organizationId: number): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), isNull(memberships.deactivatedAt), sql`${ORGANIZATION_ADMIN_PERMISSION} = any(${memberships.permissions})`));
  if ((row?.n ?? 0) === 0) throw conflict('last_administrator', 'organizations.errors.last_administrator');
}

/** A fresh one-time link (purpose `invitation`) for an account without a password. */
export async function issueInvitationToken(tx: DbExecutor, userId: number, now: Date): Promise<string> {
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + INVITATION_LINK_LIFETIME_DAYS * 24 * 3600 * 1000);
  await tx.insert(passwordResets).values({ userId, tokenHash: hashSecretToken(token), expiresAt, purpose: 'invitation' });
  return token;
}

export interface InviteOutcome {
  user: TOrganizationUser;
  outcome: 'invited' | 'added';
  /** Set when the account has no password yet: the one-time link's token. */
  token: string | null;
}

/**
 * Invites an address into the organisation, in the caller's transaction. A new address gets an
 * account without a password and a one-time link; an address that already has an account (in
 * another organisation, say) joins with a membership and keeps its one password; a member of
 * this organisation already (active or deactivated): 409 `already_member`.
 */
export async function inviteOrganizationUser(tx: DbExecutor, organizationId: number, input: Required<TOrganizationUserInvite>, now: Date): Promise<InviteOutcome> {
  await lockOrganization(tx, organizationId);
  const email = input.email.trim();
  const find = async () => (await tx.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];
  let account = await find();
  if (!account) {
    // A concurrent invitation of the same address: the unique index on lower(email) decides.
    await tx.insert(users).values({ email, name: input.name, passwordHash: UNSET_PASSWORD_HASH, currentOrganizationId: organizationId }).onConflictDoNothing();
    account = await find();
    if (!account) throw notFound();
  }
  const [existing] = await tx.select({ userId: memberships.userId }).from(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, account.id)));
  if (existing) throw conflict('already_member', 'organizations.errors.already_member');
  await tx.insert(memberships).values({ userId: account.id, organizationId, permissions: knownPermissions(input.permissions) });
  const pending = !hasPassword(account.passwordHash);
  const token = pending ? await issueInvitationToken(tx, account.id, now) : null;
  return { user: await findOrganizationUser(tx, organizationId, account.id), outcome: pending ? 'invited' : 'added', token };
}

/** Changes permissions and/or deactivates or reactivates one member; the last administrator stays. */
export async function updateOrganizationUser(tx: DbExecutor, organizationId: number, userId: number, patch: TOrganizationUserPatch, now: Date): Promise<TOrganizationUser> {
  await lockOrganization(tx, organizationId);
  const current = await findOrganizationUser(tx, organizationId, userId);
  const set: { permissions?: string[]; deactivatedAt?: Date | null } = {};
  if (patch.permissions !== undefined) set.permissions = knownPermissions(patch.permissions);
  if (patch.active !== undefined && patch.active !== current.active) set.deactivatedAt = patch.active ? null : now;
  if (Object.keys(set).length > 0) {
    await tx.update(memberships).set(set).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    // A deactivated member's API keys are revoked with it, in the same commit: reactivating the
    // membership later must not bring back keys that may have been handed on meanwhile.
    if (set.deactivatedAt) {
      await tx
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.createdByUserId, userId), isNull(apiKeys.revokedAt)));
    }
    await refuseWithoutAdministrator(tx, organizationId);
  }
  return findOrganizationUser(tx, organizationId, userId);
}
