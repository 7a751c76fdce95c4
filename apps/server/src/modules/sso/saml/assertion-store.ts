import { and, eq, isNull, lt, tables, type Database } from '@ona/db';

const { ssoSamlAssertions, ssoLoginStates } = tables;

/**
 * Records an accepted assertion id, once: the unique index (connection, assertion id) makes a
 * second acceptance fail on any instance, even when two race. Records whose assertion could no
 * longer be accepted anyway are pruned on the way. Answers false for a replay.
 */
export async function acceptAssertionOnce(db: Database, connectionId: number, assertionId: string, acceptableUntil: Date, now: Date): Promise<boolean> {
  await db.delete(ssoSamlAssertions).where(lt(ssoSamlAssertions.expiresAt, now));
  const inserted = await db.insert(ssoSamlAssertions).values({ connectionId, assertionId, expiresAt: acceptableUntil }).onConflictDoNothing().returning({ id: ssoSamlAssertions.id });
  return inserted.length === 1;
}

export type SamlOutcome = NonNullable<typeof ssoLoginStates.$inferSelect.samlOutcome>;

/** The round a response names in its RelayState, whether answered or not (a replay must still be told apart). */
export async function findRound(db: Database, connectionId: number, stateHash: string, now: Date) {
  const [row] = await db.select().from(ssoLoginStates).where(and(eq(ssoLoginStates.stateHash, stateHash), eq(ssoLoginStates.connectionId, connectionId))).limit(1);
  return row && row.expiresAt.getTime() > now.getTime() ? row : undefined;
}

/** Hands the assertion consumer service's outcome to the callback page; only the first answer of a round counts. */
export async function answerRound(db: Database, roundId: number, outcome: SamlOutcome): Promise<boolean> {
  const updated = await db.update(ssoLoginStates).set({ samlOutcome: outcome }).where(and(eq(ssoLoginStates.id, roundId), isNull(ssoLoginStates.samlOutcome))).returning({ id: ssoLoginStates.id });
  return updated.length === 1;
}
