import { and, eq, gt, inArray, isNotNull, lte, sql, tables, type Database } from '@ona/db';
import { takeCountedAttempt, type TAttempt } from '../../limits/counted-attempts.ts';

const { contactRequests, emailOutbox } = tables;

export type TNewContactRequest = Omit<typeof contactRequests.$inferInsert, 'id' | 'createdAt' | 'emailOutboxId'>;

/**
 * Stores a contact request unless its address has sent `limit` since `since`. The stored requests
 * are the counter (takeCountedAttempt: counted and inserted under one per-address lock, so
 * parallel posts from one address get exactly `limit` through), and `store` runs in that same
 * transaction: the request, its e-mail in the outbox, or nothing at all. A refused request
 * leaves no row. Requests past their retention go on the way (with their e-mails).
 */
export function storeContactRequestWithinLimit(
  db: Database,
  request: TNewContactRequest,
  window: { since: Date; limit: number; retainedSince: Date },
  recordEmail: (tx: Database) => Promise<number | null>,
): Promise<TAttempt> {
  return takeCountedAttempt(db, {
    lockKey: `contact:${request.clientAddressHash}`,
    limit: window.limit,
    prune: (tx) => deleteContactRequestsBefore(tx, window.retainedSince),
    count: async (tx) =>
      (await tx.select({ n: sql<number>`count(*)::int` }).from(contactRequests).where(and(eq(contactRequests.clientAddressHash, request.clientAddressHash), gt(contactRequests.createdAt, window.since))))[0]?.n ?? 0,
    record: async (tx) => {
      const emailOutboxId = await recordEmail(tx);
      const [row] = await tx.insert(contactRequests).values({ ...request, emailOutboxId }).returning({ id: contactRequests.id });
      if (!row) throw new Error('the contact request was not stored');
      return row.id;
    },
  });
}

/** Deletes the contact requests made before `cutoff` and the e-mails that carried them. */
export async function deleteContactRequestsBefore(db: Database, cutoff: Date): Promise<void> {
  const expired = db.select({ id: contactRequests.emailOutboxId }).from(contactRequests).where(and(lte(contactRequests.createdAt, cutoff), isNotNull(contactRequests.emailOutboxId)));
  await db.delete(emailOutbox).where(inArray(emailOutbox.id, expired));
  await db.delete(contactRequests).where(lte(contactRequests.createdAt, cutoff));
}
