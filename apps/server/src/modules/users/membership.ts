import { and, asc, eq, isNull, tables, type Database } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { strictestSignInPolicy, type TEffectiveSignInPolicy } from '../sessions/sign-in-policy.ts';

const isContentLanguage = (language: string): language is 'hu' | 'en' | 'de' | 'ru' => ['hu', 'en', 'de', 'ru'].includes(language);

export interface MembershipContext {
  /** The organisation every request of this user is scoped to (tenancy by construction). */
  organizationId: number;
  organizationName: string;
  /** The language new journeys of the organisation start in. */
  organizationLanguage: 'hu' | 'en' | 'de' | 'ru';
  permissions: string[];
  availableOrganizations: { id: number; name: string }[];
  /** How long the user's sessions live and whether they must sign in with a second factor: the strictest of their organisations'. */
  signInPolicy: TEffectiveSignInPolicy;
}

/**
 * The user's current organisation and permissions there. Only usable memberships count: an
 * archived organisation and a deactivated membership are skipped as if they did not exist. A user
 * whose saved organisation is no longer usable falls back to their first usable membership; a user
 * with none left gets organizationId 0 (see `requireUsableMembership`).
 */
export async function loadMembershipContext(db: Database, user: typeof tables.users.$inferSelect): Promise<MembershipContext> {
  const rows = await db
    .select({
      id: tables.organizations.id,
      name: tables.organizations.name,
      language: tables.organizations.defaultLanguage,
      permissions: tables.memberships.permissions,
      policy: {
        idleMinutes: tables.organizationSignInPolicies.sessionIdleMinutes,
        lifetimeDays: tables.organizationSignInPolicies.sessionLifetimeDays,
        secondFactorRequiredFor: tables.organizationSignInPolicies.secondFactorRequiredFor,
      },
    })
    .from(tables.memberships)
    .innerJoin(tables.organizations, eq(tables.organizations.id, tables.memberships.organizationId))
    .leftJoin(tables.organizationSignInPolicies, eq(tables.organizationSignInPolicies.organizationId, tables.organizations.id))
    .where(and(eq(tables.memberships.userId, user.id), isNull(tables.memberships.deactivatedAt), isNull(tables.organizations.archivedAt)))
    .orderBy(asc(tables.organizations.id));
  const current = rows.find((r) => r.id === user.currentOrganizationId) ?? rows[0];
  return {
    organizationId: current?.id ?? 0,
    organizationName: current?.name ?? '',
    organizationLanguage: current && isContentLanguage(current.language) ? current.language : 'hu',
    permissions: current?.permissions ?? [],
    availableOrganizations: rows.map(({ id, name }) => ({ id, name })),
    signInPolicy: strictestSignInPolicy(rows),
  };
}

/**
 * A user with no usable membership left (every organisation archived or every membership
 * deactivated) works nowhere: each call answers 401, so their tokens stop at once.
 */
export function requireUsableMembership(context: MembershipContext): MembershipContext {
  if (context.organizationId === 0) throw new ApiError(401, 'no_active_membership', 'organizations.errors.no_active_membership');
  return context;
}
