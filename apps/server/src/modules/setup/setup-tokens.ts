import { eq, sql, tables, type Database, type DbHandle } from '@ona/db';
import { hashSecretToken, newSecretToken } from '../auth/secret-token.ts';
import type { DbExecutor } from '../engagement-admin/db-executor.ts';

const { systemSettings, users } = tables;

/**
 * The system_settings row that holds the SHA-256 hashes of every set-up token printed so far.
 * A list, not one value: each start (and each of several instances starting together) prints a
 * link, and every printed link stays valid until the set-up is done, when the row is deleted.
 */
export const SETUP_TOKENS_KEY = 'setup_tokens';

/**
 * Serialises the set-up and create-admin transactions (PostgreSQL advisory lock, released at
 * commit), so that two of them racing on an empty database never create two first administrators.
 */
const FIRST_ADMIN_LOCK_KEY = 7_405_210_332;

type SetupTokens = { hashes: string[] };

function readHashes(value: unknown): string[] {
  const hashes = (value as Partial<SetupTokens> | null)?.hashes;
  return Array.isArray(hashes) ? hashes.filter((h): h is string => typeof h === 'string') : [];
}

export async function anyUserExists(db: DbExecutor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/** Inside a transaction: waits for any other first-administrator transaction to finish. */
export async function lockFirstAdministrator(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK_KEY})`);
}

/**
 * At start: on a database without any user, a fresh one-time set-up token (its hash added to the
 * list); otherwise null. Under the startup lock, so that instances starting together each add
 * their own token instead of overwriting each other's.
 */
export async function issueSetupToken(handle: Pick<DbHandle, 'db' | 'withStartupLock'>): Promise<string | null> {
  return handle.withStartupLock(async () => {
    if (await anyUserExists(handle.db)) return null;
    const token = newSecretToken();
    const [row] = await handle.db.select().from(systemSettings).where(eq(systemSettings.key, SETUP_TOKENS_KEY)).limit(1);
    const value: SetupTokens = { hashes: [...readHashes(row?.value), hashSecretToken(token)] };
    await handle.db
      .insert(systemSettings)
      .values({ key: SETUP_TOKENS_KEY, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    return token;
  });
}

/** Whether `token` is one of the printed set-up tokens that are still valid. */
export async function isValidSetupToken(db: DbExecutor, token: string): Promise<boolean> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, SETUP_TOKENS_KEY)).limit(1);
  return readHashes(row?.value).includes(hashSecretToken(token));
}

/** Voids every set-up token at once (the set-up is done, by the page or by create-admin). */
export async function voidSetupTokens(db: DbExecutor): Promise<void> {
  await db.delete(systemSettings).where(eq(systemSettings.key, SETUP_TOKENS_KEY));
}

export async function setupNeeded(db: Database): Promise<boolean> {
  return !(await anyUserExists(db));
}
