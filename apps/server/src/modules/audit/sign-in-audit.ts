import type { FastifyInstance } from 'fastify';
import { sql, type Database } from '@ona/db';
import type { TAuditAction } from '@ona/contracts';
import { appendAuditEntry } from './audit-repository.ts';

/** Where a sign-in came from (the sessions module's SignInClient). */
export interface SignInOrigin {
  userAgent: string | undefined;
  ipAddress: string;
}

/**
 * The organisation whose chain a sign-in of this user goes to: the one the user works in now,
 * else their first membership. Null for an account with none (it has no chain to write to).
 */
async function signInOrganizationOf(db: Database, userId: number): Promise<number | null> {
  const result = await db.execute<{ org: number | null }>(sql`
    select coalesce(u.current_organization_id, (select m.organization_id from memberships m where m.user_id = u.id order by m.organization_id limit 1)) as org
    from users u where u.id = ${userId}`);
  const org = result.rows[0]?.org;
  return org === null || org === undefined ? null : Number(org);
}

/**
 * Puts a sign-in on record: success (in the transaction that opens the session: pass it as
 * `db`) or failure (a wrong password or code of a known account, or a single sign-on refused by
 * an organisation's connection: that organisation's chain, with the refusal's code). A wrong
 * e-mail names no account, hence no organisation: such failures are only counted by the rate limit.
 */
export async function recordSignIn(app: FastifyInstance, db: Database, userId: number | null, outcome: 'success' | 'failure', origin: SignInOrigin, detail: { method: string; sessionId?: number; organizationId?: number; reason?: string }): Promise<void> {
  const action: TAuditAction = outcome === 'success' ? 'sign_in.success' : 'sign_in.failure';
  await recordAccountEntry(app, db, userId, action, outcome, origin, {
    sessionId: detail.sessionId,
    organizationId: detail.organizationId,
    targetIds: detail.reason ? { method: detail.method, reason: detail.reason } : { method: detail.method },
  });
}

/**
 * Puts a change of a user's own sign-in on record where no signed-in request carries it (a second
 * factor enrolled inside the sign-in the organisation's policy held up): pass the change's
 * transaction as `db`, so both commit together.
 */
export async function recordSecondFactorEnrolment(app: FastifyInstance, db: Database, userId: number, origin: SignInOrigin, method: 'totp' | 'passkey'): Promise<void> {
  await recordAccountEntry(app, db, userId, 'second_factor.change', 'success', origin, { targetIds: { method } });
}

async function recordAccountEntry(
  app: FastifyInstance,
  db: Database,
  userId: number | null,
  action: TAuditAction,
  outcome: 'success' | 'failure',
  origin: SignInOrigin,
  detail: { sessionId?: number | undefined; organizationId?: number | undefined; targetIds: Record<string, string> },
): Promise<void> {
  const organizationId = detail.organizationId ?? (userId === null ? null : await signInOrganizationOf(db, userId));
  if (organizationId === null) return;
  await appendAuditEntry(db, app.audit.key, {
    organizationId,
    occurredAt: app.clock(),
    action,
    outcome,
    actorUserId: userId,
    apiKeyId: null,
    scimTokenId: null,
    sessionId: detail.sessionId ?? null,
    route: null,
    engagementId: null,
    subjectEmployeeId: null,
    subjectUserId: null,
    targetIds: detail.targetIds,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
  });
}
