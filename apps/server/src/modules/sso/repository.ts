import { and, eq, isNull, lt, ne, sql, tables, type Database } from '@ona/db';

const { ssoConnections, ssoLoginStates, memberships, organizations } = tables;

export type SsoConnection = typeof ssoConnections.$inferSelect;
export type SsoLoginState = typeof ssoLoginStates.$inferSelect;

/** How long a sign-in round may take between the redirect to the identity provider and the callback. */
export const SSO_ROUND_LIFETIME_MS = 10 * 60 * 1000;

export async function findConnectionOfOrganization(db: Database, organizationId: number): Promise<SsoConnection | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.organizationId, organizationId)).limit(1);
  return row;
}

export async function findConnectionById(db: Database, connectionId: number): Promise<SsoConnection | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, connectionId)).limit(1);
  return row;
}

/** The enabled connection, of a live organisation, that claims this e-mail domain. */
export async function findEnabledConnectionForDomain(db: Database, domain: string): Promise<SsoConnection | undefined> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(ssoConnections)
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .where(and(eq(ssoConnections.enabled, true), isNull(organizations.archivedAt), sql`${domain} = any(${ssoConnections.allowedDomains})`))
    .limit(1);
  return row?.connection;
}

/** A domain another organisation's connection already claims (domains route sign-ins, so each has one owner). */
export async function findDomainClaimedElsewhere(db: Database, organizationId: number, domains: string[]): Promise<string | undefined> {
  if (domains.length === 0) return undefined;
  const rows = await db
    .select({ domains: ssoConnections.allowedDomains })
    .from(ssoConnections)
    .where(and(ne(ssoConnections.organizationId, organizationId), sql`${ssoConnections.allowedDomains} && ${sql`array[${sql.join(domains.map((d) => sql`${d}`), sql`, `)}]::text[]`}`));
  const taken = new Set(rows.flatMap((r) => r.domains));
  return domains.find((d) => taken.has(d));
}

/**
 * Connections that require SSO of this user: enabled, of an organisation where the user is an
 * active member, and the user is not that organisation's break-glass administrator.
 */
export async function findConnectionsRequiringSsoOf(db: Database, userId: number): Promise<SsoConnection[]> {
  const rows = await db
    .select({ connection: ssoConnections })
    .from(ssoConnections)
    .innerJoin(memberships, and(eq(memberships.organizationId, ssoConnections.organizationId), eq(memberships.userId, userId), isNull(memberships.deactivatedAt)))
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .where(and(eq(ssoConnections.enabled, true), eq(ssoConnections.requireSso, true), isNull(organizations.archivedAt)));
  return rows.map((r) => r.connection).filter((c) => c.breakGlassUserId !== userId);
}

/** The active members of an organisation but one (its break-glass administrator, when it has one). */
export async function activeMembersBut(db: Database, organizationId: number, exceptUserId: number | null): Promise<number[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), isNull(memberships.deactivatedAt)));
  return rows.map((r) => r.userId).filter((id) => id !== exceptUserId);
}

export async function saveConnection(db: Database, organizationId: number, values: Omit<typeof ssoConnections.$inferInsert, 'id' | 'organizationId' | 'updatedAt'>): Promise<void> {
  const now = new Date();
  await db
    .insert(ssoConnections)
    .values({ ...values, organizationId, updatedAt: now })
    .onConflictDoUpdate({ target: ssoConnections.organizationId, set: { ...values, updatedAt: now } });
}

export async function insertLoginState(db: Database, values: Omit<typeof ssoLoginStates.$inferInsert, 'id' | 'createdAt'>, now: Date): Promise<void> {
  // Rounds nobody finished are dropped on the way, so the table stays as small as the rounds in flight.
  await db.delete(ssoLoginStates).where(lt(ssoLoginStates.expiresAt, now));
  await db.insert(ssoLoginStates).values(values);
}

/**
 * Takes the round of this state once: the row is deleted as it is read, so a replayed callback
 * (or two racing ones, on any instance) finds nothing. An expired round is taken and refused.
 */
export async function takeLoginState(db: Database, stateHash: string, now: Date): Promise<SsoLoginState | undefined> {
  const [row] = await db.delete(ssoLoginStates).where(eq(ssoLoginStates.stateHash, stateHash)).returning();
  if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
  return row;
}
