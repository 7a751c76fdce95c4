import { and, desc, eq, isNull, tables, type Database } from '@ona/db';
import { SCIM_TOKEN_PREFIX, type TScimToken } from '@ona/contracts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';

const { scimTokens, users, organizations } = tables;

/** Writing last_used_at on every call would turn a provisioning cycle's reads into writes. */
const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;
const SHOWN_PREFIX_LENGTH = SCIM_TOKEN_PREFIX.length + 4;

/**
 * The organisation a SCIM bearer token belongs to, or nothing when it is unknown, revoked or its
 * organisation archived. The token alone decides the organisation: nothing in a SCIM request can
 * name another one.
 */
export async function findScimTokenOrganization(db: Database, token: string, now: Date): Promise<{ organizationId: number; tokenId: number } | undefined> {
  const [row] = await db
    .select({ id: scimTokens.id, organizationId: scimTokens.organizationId, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .innerJoin(organizations, eq(organizations.id, scimTokens.organizationId))
    .where(and(eq(scimTokens.tokenHash, hashSecretToken(token)), isNull(scimTokens.revokedAt), isNull(organizations.archivedAt)))
    .limit(1);
  if (!row) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
    await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, row.id));
  }
  return { organizationId: row.organizationId, tokenId: row.id };
}

type TRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; creatorId: number | null; creatorName: string | null };

const toScimToken = (row: TRow): TScimToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by: row.creatorId !== null && row.creatorName !== null ? { id: row.creatorId, name: row.creatorName } : null,
});

function selectTokens(db: Database, organizationId: number) {
  return db
    .select({ id: scimTokens.id, name: scimTokens.name, prefix: scimTokens.tokenPrefix, createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt, creatorId: users.id, creatorName: users.name })
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdByUserId))
    .where(and(eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt)))
    .$dynamic();
}

export async function listScimTokens(db: Database, organizationId: number): Promise<TScimToken[]> {
  return (await selectTokens(db, organizationId).orderBy(desc(scimTokens.createdAt), desc(scimTokens.id))).map(toScimToken);
}

/** A new token; the plain token is returned once and only its hash is stored. */
export async function createScimToken(db: Database, organizationId: number, userId: number, name: string): Promise<TScimToken & { token: string }> {
  const token = `${SCIM_TOKEN_PREFIX}${newSecretToken()}`;
  const [inserted] = await db
    .insert(scimTokens)
    .values({ organizationId, createdByUserId: userId, name, tokenHash: hashSecretToken(token), tokenPrefix: token.slice(0, SHOWN_PREFIX_LENGTH) })
    .returning({ id: scimTokens.id });
  if (!inserted) throw new Error('scim token not stored');
  const [row] = await selectTokens(db, organizationId).where(and(eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt), eq(scimTokens.id, inserted.id)));
  if (!row) throw new Error('scim token not found after insert');
  return { ...toScimToken(row), token };
}

export async function revokeScimToken(db: Database, organizationId: number, id: number, now: Date): Promise<boolean> {
  const revoked = await db
    .update(scimTokens)
    .set({ revokedAt: now })
    .where(and(eq(scimTokens.id, id), eq(scimTokens.organizationId, organizationId), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id });
  return revoked.length > 0;
}
