import { and, eq, inArray, isNull, sql, tables } from '@ona/db';
import { RESET_LINK_LIFETIME_HOURS } from '../auth/service.ts';
import { hasPassword, UNSET_PASSWORD_HASH } from '../auth/password-hash.ts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

const { employees, memberships, moduleAccess, passwordResets, users } = tables;
const CHUNK = 1000;

/** An invited employee: an e-mail address and, when one is linked, the user account. */
export interface InvitedEmployee {
  id: number;
  name: string;
  email: string;
  userId: number | null;
}

/** The one-time token of an account that still has to choose its password, by employee id. */
export type FirstPasswordTokens = Map<number, { userId: number; token: string }>;

/** A page the web client accepts as a return target: same-origin path, slashes kept readable. */
export function surveyIntroPath(engagementId: number): string {
  return `/engagements/${engagementId}/survey/intro.html`;
}

/**
 * The personal link of someone without a password: the password-reset page with its token, which
 * sends them to sign in and on to the survey intro once the password is set.
 */
export function firstPasswordLink(base: string, engagementId: number, userId: number, token: string): string {
  const next = encodeURIComponent(surveyIntroPath(engagementId)).replace(/%2F/gi, '/');
  return `${base}/auth/confirm-reset-password.html?uid=${userId}&token=${encodeURIComponent(token)}&next=${next}`;
}

/**
 * How long the personal link works: until the survey closes (the end of its access_till day, UTC),
 * and never less than the 24 hours of an ordinary reset link, so that a late invitation still works.
 */
export function firstPasswordLinkExpiry(accessTill: string, now: Date): Date {
  const surveyEnd = new Date(`${accessTill}T00:00:00Z`);
  surveyEnd.setUTCDate(surveyEnd.getUTCDate() + 1);
  const minimum = new Date(now.getTime() + RESET_LINK_LIFETIME_HOURS * 3600 * 1000);
  return Number.isNaN(surveyEnd.getTime()) || surveyEnd < minimum ? minimum : surveyEnd;
}

/**
 * Makes every invited employee able to take the survey, inside the caller's transaction:
 * - an employee without a linked user is linked to the account of their e-mail, which is created
 *   when there is none (no password, no permissions) and made a member of the engagement's
 *   organisation; that account gets the survey at `self_only`, unless it already has more;
 * - an already linked user gets `self_only` only where nobody has set their survey level yet: an
 *   admin's explicit choice for them stands;
 * - whoever has no password yet gets a fresh one-time token for the personal link.
 * Answers the tokens by employee id; the invited list's user ids are updated in place.
 */
export async function provisionParticipantAccounts(
  tx: DbExecutor,
  engagement: { id: number; organizationId: number; accessTill: string },
  invited: InvitedEmployee[],
  now: Date,
): Promise<FirstPasswordTokens> {
  const unlinked = invited.filter((e) => e.userId === null);
  // In chunks: a first invitation of a large organisation creates thousands of accounts at once.
  for (let i = 0; i < unlinked.length; i += CHUNK) {
    const chunk = unlinked.slice(i, i + CHUNK);
    // A concurrent send may create the same account: the unique index on lower(email) decides.
    await tx
      .insert(users)
      .values(chunk.map((e) => ({ email: e.email, name: e.name, passwordHash: UNSET_PASSWORD_HASH, currentOrganizationId: engagement.organizationId })))
      .onConflictDoNothing();
    const accounts = await tx.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.email})`, chunk.map((e) => e.email.toLowerCase())));
    await tx
      .insert(memberships)
      .values(accounts.map((a) => ({ userId: a.id, organizationId: engagement.organizationId, permissions: [] })))
      .onConflictDoNothing();
    const rows = await tx
      .update(employees)
      .set({ userId: sql`${users.id}` })
      .from(users)
      .where(and(inArray(employees.id, chunk.map((e) => e.id)), isNull(employees.userId), eq(sql`lower(${users.email})`, sql`lower(${employees.email})`)))
      .returning({ employeeId: employees.id, userId: employees.userId });
    const linked = new Map(rows.map((r) => [r.employeeId, r.userId]));
    for (const employee of chunk) employee.userId = linked.get(employee.id) ?? null;
  }
  const unlinkedIds = new Set(unlinked.map((e) => e.id));
  const grant = (userIds: number[]) => userIds.map((userId) => ({ engagementId: engagement.id, userId, module: 'survey', accessLevel: 'self_only' }));
  const provisioned = unlinked.flatMap((e) => (e.userId === null ? [] : [e.userId]));
  const linkedBefore = invited.flatMap((e) => (e.userId === null || unlinkedIds.has(e.id) ? [] : [e.userId]));
  for (let i = 0; i < provisioned.length; i += CHUNK) {
    await tx
      .insert(moduleAccess)
      .values(grant(provisioned.slice(i, i + CHUNK)))
      .onConflictDoUpdate({
        target: [moduleAccess.engagementId, moduleAccess.userId, moduleAccess.module],
        set: { accessLevel: 'self_only' },
        // Raises a level that would refuse the survey; never lowers subtree or all_access.
        setWhere: sql`${moduleAccess.accessLevel} in ('no_access', 'module_disabled')`,
      });
  }
  for (let i = 0; i < linkedBefore.length; i += CHUNK) {
    await tx.insert(moduleAccess).values(grant(linkedBefore.slice(i, i + CHUNK))).onConflictDoNothing();
  }

  const tokens: FirstPasswordTokens = new Map();
  const userIds = [...new Set([...provisioned, ...linkedBefore])];
  const withoutPassword = new Set<number>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await tx.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(inArray(users.id, userIds.slice(i, i + CHUNK)));
    for (const row of rows) if (!hasPassword(row.passwordHash)) withoutPassword.add(row.id);
  }
  const expiresAt = firstPasswordLinkExpiry(engagement.accessTill, now);
  const resets: { userId: number; tokenHash: string; expiresAt: Date }[] = [];
  for (const employee of invited) {
    if (employee.userId === null || !withoutPassword.has(employee.userId)) continue;
    const token = newSecretToken();
    resets.push({ userId: employee.userId, tokenHash: hashSecretToken(token), expiresAt });
    tokens.set(employee.id, { userId: employee.userId, token });
  }
  for (let i = 0; i < resets.length; i += CHUNK) await tx.insert(passwordResets).values(resets.slice(i, i + CHUNK));
  return tokens;
}
