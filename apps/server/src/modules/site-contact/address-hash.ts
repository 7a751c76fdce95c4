import { createHmac, randomBytes } from 'node:crypto';
import { eq, tables, type Database } from '@ona/db';

const { systemSettings } = tables;

/** The system_settings row with this installation's key for hashing visitors' addresses. */
export const CONTACT_ADDRESS_KEY = 'contact_address_key';

/**
 * The installation's address key, made once: inserted if missing (a second instance racing to do
 * the same keeps the first one's, ON CONFLICT DO NOTHING) and read back.
 */
async function addressKey(db: Database): Promise<string> {
  await db.insert(systemSettings).values({ key: CONTACT_ADDRESS_KEY, value: randomBytes(32).toString('hex') }).onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, CONTACT_ADDRESS_KEY)).limit(1);
  if (typeof row?.value !== 'string') throw new Error('the contact address key could not be read');
  return row.value;
}

/**
 * Hashes visitors' addresses with a key of this installation (HMAC-SHA-256): the same address
 * always gives the same hash, which is what a per-address limit needs, while a plain hash of an
 * IPv4 address could be reversed by trying all 2^32 of them. The key is read once per app.
 */
export function createAddressHasher(db: Database): (address: string) => Promise<string> {
  let key: Promise<string> | null = null;
  return async (address) => {
    key ??= addressKey(db).catch((err: unknown) => {
      key = null;
      throw err;
    });
    return createHmac('sha256', await key).update(address).digest('hex');
  };
}
