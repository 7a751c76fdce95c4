import { and, desc, eq, isNull, sql, tables, type Database } from '@ona/db';
import { API_KEY_PREFIX, type TApiKey } from '@ona/contracts';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import type { MembershipContext } from '../users/membership.ts';
import { DEFAULT_EFFECTIVE_SIGN_IN_POLICY } from '../sessions/sign-in-policy.ts';

const { apiKeys, users, memberships, organizations } = tables;

/** Writing last_used_at on every call would turn a BI tool's reads into writes; once a minute is enough. */
const KEY_TOUCH_INTERVAL_MS = 60 * 1000;
/** `ona_` and four characters of the secret: enough to tell keys apart, far too little to guess one. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export const newApiKey = (): string => `${API_KEY_PREFIX}${newSecretToken()}`;

export interface ApiKeyAuth extends MembershipContext {
  user: typeof tables.users.$inferSelect;
  apiKeyId: number;
}

/**
 * The creator and their rights in the key's organisation, or nothing when the key is unknown or
 * revoked, the creator's account or membership there is deactivated, or the organisation is
 * archived: checked on every call, so each of these stops the key at once. The creator's current
 * organisation does not matter; the key always works in its own.
 */
export async function findApiKeyAuth(db: Database, key: string, now: Date): Promise<ApiKeyAuth | undefined> {
  const [row] = await db
    .select({ key: apiKeys, user: users, permissions: memberships.permissions, organizationName: organizations.name, language: organizations.defaultLanguage })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .innerJoin(memberships, and(eq(memberships.userId, apiKeys.createdByUserId), eq(memberships.organizationId, apiKeys.organizationId)))
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(and(eq(apiKeys.keyHash, hashSecretToken(key)), isNull(apiKeys.revokedAt), isNull(memberships.deactivatedAt), isNull(organizations.archivedAt), eq(users.isActive, true)))
    .limit(1);
  if (!row) return undefined;
  if (!row.key.lastUsedAt || now.getTime() - row.key.lastUsedAt.getTime() > KEY_TOUCH_INTERVAL_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  const language = row.language;
  return {
    user: row.user,
    apiKeyId: row.key.id,
    organizationId: row.key.organizationId,
    organizationName: row.organizationName,
    organizationLanguage: language === 'en' || language === 'de' || language === 'ru' ? language : 'hu',
    permissions: row.permissions,
    availableOrganizations: [{ id: row.key.organizationId, name: row.organizationName }],
    signInPolicy: DEFAULT_EFFECTIVE_SIGN_IN_POLICY,
  };
}

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.keyPrefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  creatorId: users.id,
  creatorName: users.name,
  creatorEmail: users.email,
  creatorActive: sql<boolean>`(${users.isActive} and ${memberships.deactivatedAt} is null)`,
};

type TListRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; creatorId: number; creatorName: string; creatorEmail: string; creatorActive: boolean };

const toApiKey = (row: TListRow): TApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  created_by: { id: row.creatorId, name: row.creatorName, email: row.creatorEmail },
  creator_active: Boolean(row.creatorActive),
});

function selectKeys(db: Database, organizationId: number) {
  return db
    .select(listColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdByUserId))
    .leftJoin(memberships, and(eq(memberships.userId, apiKeys.createdByUserId), eq(memberships.organizationId, apiKeys.organizationId)))
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .$dynamic();
}

/** The organisation's live keys, newest first (revoked ones are gone for good). */
export async function listApiKeys(db: Database, organizationId: number): Promise<TApiKey[]> {
  const rows = await selectKeys(db, organizationId).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** A new key of `userId` in the organisation; the plain key is returned once and only its hash is stored. */
export async function createApiKey(db: Database, organizationId: number, userId: number, name: string): Promise<TApiKey & { key: string }> {
  const key = newApiKey();
  const [inserted] = await db
    .insert(apiKeys)
    .values({ organizationId, createdByUserId: userId, name, keyHash: hashSecretToken(key), keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH) })
    .returning({ id: apiKeys.id });
  if (!inserted) throw new Error('api key not stored');
  const [row] = await selectKeys(db, organizationId).where(and(eq(apiKeys.id, inserted.id)));
  if (!row) throw new Error('api key not found after insert');
  return { ...toApiKey(row), key };
}

/** Revokes a live key of the organisation; false when there is none with this id (or another organisation's). */
export async function revokeApiKey(db: Database, organizationId: number, id: number, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
