import { asc, eq, tables, type Database } from '@ona/db';

export interface MembershipContext {
  /** The organisation every request of this user is scoped to (tenancy by construction). */
  organizationId: number;
  organizationName: string;
  permissions: string[];
  availableOrganizations: { id: number; name: string }[];
}

/**
 * The user's current organisation and permissions there. A user whose saved organisation is no
 * longer one of theirs falls back to their first membership.
 */
export async function loadMembershipContext(db: Database, user: typeof tables.users.$inferSelect): Promise<MembershipContext> {
  const rows = await db
    .select({ id: tables.organizations.id, name: tables.organizations.name, permissions: tables.memberships.permissions })
    .from(tables.memberships)
    .innerJoin(tables.organizations, eq(tables.organizations.id, tables.memberships.organizationId))
    .where(eq(tables.memberships.userId, user.id))
    .orderBy(asc(tables.organizations.id));
  const current = rows.find((r) => r.id === user.currentOrganizationId) ?? rows[0];
  return {
    organizationId: current?.id ?? 0,
    organizationName: current?.name ?? '',
    permissions: current?.permissions ?? [],
    availableOrganizations: rows.map(({ id, name }) => ({ id, name })),
  };
}
