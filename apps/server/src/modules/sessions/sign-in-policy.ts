import { SESSION_IDLE_MINUTES_DEFAULT, SESSION_LIFETIME_DAYS_DEFAULT, ZSecondFactorRequirement, type TSignInPolicy } from '@ona/contracts';
import { eq, tables, type Database } from '@ona/db';

const ORGANIZATION_ADMIN = 'organization_admin';

/** What applies to one user: the strictest policy of the organisations they work in. */
export interface TEffectiveSignInPolicy {
  idleMinutes: number;
  lifetimeDays: number;
  /** A second factor is required of this user by at least one of their organisations. */
  secondFactorRequired: boolean;
}

export const DEFAULT_SIGN_IN_POLICY: TSignInPolicy = {
  session_idle_minutes: SESSION_IDLE_MINUTES_DEFAULT,
  session_lifetime_days: SESSION_LIFETIME_DAYS_DEFAULT,
  second_factor_required_for: 'none',
};

type PolicyRow = {
  permissions: string[];
  /** Null fields: the organisation has no policy row (the defaults apply). */
  policy: { idleMinutes: number | null; lifetimeDays: number | null; secondFactorRequiredFor: string | null } | null;
};

/**
 * A person in two organisations is held to the stricter of the two whichever they work in at the
 * moment: switching organisation must not lengthen a session or skip a second factor.
 */
export function strictestSignInPolicy(rows: PolicyRow[]): TEffectiveSignInPolicy {
  let idleMinutes = Number.POSITIVE_INFINITY;
  let lifetimeDays = Number.POSITIVE_INFINITY;
  let secondFactorRequired = false;
  for (const row of rows) {
    idleMinutes = Math.min(idleMinutes, row.policy?.idleMinutes ?? SESSION_IDLE_MINUTES_DEFAULT);
    lifetimeDays = Math.min(lifetimeDays, row.policy?.lifetimeDays ?? SESSION_LIFETIME_DAYS_DEFAULT);
    const requiredFor = row.policy?.secondFactorRequiredFor ?? 'none';
    if (requiredFor === 'everyone' || (requiredFor === 'administrators' && row.permissions.includes(ORGANIZATION_ADMIN))) secondFactorRequired = true;
  }
  return {
    idleMinutes: Number.isFinite(idleMinutes) ? idleMinutes : SESSION_IDLE_MINUTES_DEFAULT,
    lifetimeDays: Number.isFinite(lifetimeDays) ? lifetimeDays : SESSION_LIFETIME_DAYS_DEFAULT,
    secondFactorRequired,
  };
}

export async function loadSignInPolicy(db: Database, organizationId: number): Promise<TSignInPolicy> {
  const [row] = await db.select().from(tables.organizationSignInPolicies).where(eq(tables.organizationSignInPolicies.organizationId, organizationId));
  if (!row) return DEFAULT_SIGN_IN_POLICY;
  return {
    session_idle_minutes: row.sessionIdleMinutes,
    session_lifetime_days: row.sessionLifetimeDays,
    second_factor_required_for: ZSecondFactorRequirement.catch('none').parse(row.secondFactorRequiredFor),
  };
}

export async function saveSignInPolicy(db: Database, organizationId: number, policy: TSignInPolicy, now: Date): Promise<void> {
  const values = {
    sessionIdleMinutes: policy.session_idle_minutes,
    sessionLifetimeDays: policy.session_lifetime_days,
    secondFactorRequiredFor: policy.second_factor_required_for,
    updatedAt: now,
  };
  await db
    .insert(tables.organizationSignInPolicies)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: tables.organizationSignInPolicies.organizationId, set: values });
}

/** The defaults, for a caller that is no session (an API key: no idle time, no second factor). */
export const DEFAULT_EFFECTIVE_SIGN_IN_POLICY: TEffectiveSignInPolicy = strictestSignInPolicy([]);
