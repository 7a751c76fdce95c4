import type { FastifyInstance } from 'fastify';
import { SSO_MAPPABLE_PERMISSIONS, type TSsoMappablePermission } from '@ona/contracts';
import { and, eq, inArray, isNull, sql, tables } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { UNSET_PASSWORD_HASH } from '../auth/password-hash.ts';
import { loadCurrentOrganization } from '../organizations/current-organization.ts';
import { sendInvitationEmail, sendAddedEmail } from '../organizations/invitation-emails.ts';
import { inviteOrganizationUser } from '../organizations/organization-users.ts';
import { findConnectionOfOrganization } from '../sso/repository.ts';

const MAPPABLE: ReadonlySet<string> = new Set(SSO_MAPPABLE_PERMISSIONS);
const isMappable = (permission: string): permission is TSsoMappablePermission => MAPPABLE.has(permission);

const { directoryPeople, directoryGroups, directoryGroupMembers, users, memberships } = tables;

export interface ProvisionedAccess {
  /** Users made members without an invitation (SSO on). */
  joined: number[];
  /** Users invited by e-mail, as an administrator's invitation does (SSO off). */
  invited: number[];
}

/**
 * People of the directory who hold access rights become users of the organisation (issue 30,
 * item 5; docs/directory-journeys.md). Access rights come from the directory's groups, read
 * through the SSO settings' group mapping (`group_permissions`: a group's display name or external
 * id → permissions), the same mapping an SSO sign-in applies. A person with rights and no
 * membership yet:
 * - SSO on (the connection enabled): becomes a member with those permissions at once, an account
 *   without a password made if needed; no e-mail, they sign in through the identity provider;
 * - SSO off (mapping kept, connection not enabled): gets the invitation an administrator's
 *   invitation sends (one-time link to set a password), or the "you were added" e-mail.
 * Existing members are left as they are (an SSO sign-in keeps their permissions current).
 * Call after the directory write has committed; `personIds` limits the work (null: everyone).
 */
export async function provisionAccessFromDirectory(app: FastifyInstance, organizationId: number, personIds: readonly number[] | null, publicBase: string): Promise<ProvisionedAccess> {
  const done: ProvisionedAccess = { joined: [], invited: [] };
  const connection = await findConnectionOfOrganization(app.db, organizationId);
  if (!connection || connection.groupPermissions.length === 0 || personIds?.length === 0) return done;
  const rows = await app.db
    .select({ personId: directoryPeople.id, email: directoryPeople.email, name: directoryPeople.displayName, group: directoryGroups.displayName, groupExternalId: directoryGroups.externalId })
    .from(directoryPeople)
    .innerJoin(directoryGroupMembers, eq(directoryGroupMembers.personId, directoryPeople.id))
    .innerJoin(directoryGroups, eq(directoryGroups.id, directoryGroupMembers.groupId))
    .where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, true), isNull(directoryPeople.deletedAt), personIds ? inArray(directoryPeople.id, [...personIds]) : undefined));
  const permissionsOf = new Map<string, string[]>();
  for (const grant of connection.groupPermissions) permissionsOf.set(grant.group.trim().toLowerCase(), grant.permissions);
  const granted = new Map<string, { name: string; email: string; permissions: Set<string> }>();
  for (const row of rows) {
    const permissions = [row.group, row.groupExternalId].flatMap((key) => (key ? (permissionsOf.get(key.trim().toLowerCase()) ?? []) : []));
    if (permissions.length === 0) continue;
    const email = row.email.toLowerCase();
    const entry = granted.get(email) ?? { name: row.name, email, permissions: new Set<string>() };
    for (const permission of permissions) entry.permissions.add(permission);
    granted.set(email, entry);
  }
  if (granted.size === 0) return done;
  const members = await app.db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)))
    .where(inArray(sql`lower(${users.email})`, [...granted.keys()]));
  for (const member of members) granted.delete(member.email);
  if (granted.size === 0) return done;

  const organization = await loadCurrentOrganization(app.db, organizationId);
  const now = new Date();
  for (const person of granted.values()) {
    const permissions = [...person.permissions].filter(isMappable).sort();
    if (permissions.length === 0) continue;
    if (connection.enabled) {
      const userId = await app.db.transaction(async (tx) => {
        await tx.insert(users).values({ email: person.email, name: person.name, passwordHash: UNSET_PASSWORD_HASH, currentOrganizationId: organizationId }).onConflictDoNothing();
        const [account] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${person.email}`).limit(1);
        if (!account) return null;
        const joined = await tx.insert(memberships).values({ userId: account.id, organizationId, permissions }).onConflictDoNothing().returning({ userId: memberships.userId });
        return joined.length > 0 ? account.id : null;
      });
      if (userId !== null) done.joined.push(userId);
    } else {
      // A member made meanwhile (an administrator's invitation) answers 409: theirs stands.
      const result = await app.db.transaction((tx) => inviteOrganizationUser(tx, organizationId, { name: person.name, email: person.email, permissions }, now)).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'already_member') return null;
        throw error;
      });
      if (!result) continue;
      const from = { inviterName: organization.name, organizationName: organization.name, organizationId, language: organization.default_language, publicBase };
      if (result.token) sendInvitationEmail(app, result.user, from, result.token);
      else sendAddedEmail(app, result.user, from);
      done.invited.push(result.user.id);
    }
  }
  await app.callerCache.forget({ users: [...done.joined, ...done.invited] });
  return done;
}
