import { and, eq, lte, tables, type Database } from '@ona/db';
import { checkpointSignature } from './audit-chain.ts';
import { chainedOrganizations, entryAt, firstEntryFrom, latestCheckpoint } from './audit-repository.ts';

/** How long entries are kept unless AUDIT_RETENTION_DAYS says otherwise: two years. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

export interface PruneOutcome {
  organizationId: number;
  removed: number;
  throughSeq: number | null;
}

/**
 * Removes the oldest segment of an organisation's chain: every entry up to the last one before
 * the first entry still within retention (never a piece from the middle, so what stays is one
 * unbroken chain), and writes a checkpoint signed with the chain's key that names where the
 * remaining chain starts. One transaction: a crash leaves either both or neither. The chain head
 * is locked first, as appends do, so no append runs between reading and cutting.
 */
export async function pruneAuditChain(db: Database, key: Buffer, organizationId: number, cutoff: Date, now: Date): Promise<PruneOutcome> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(tables.auditChainHeads).where(eq(tables.auditChainHeads.organizationId, organizationId)).for('update');
    if (!head) return { organizationId, removed: 0, throughSeq: null };
    const keptFrom = await firstEntryFrom(tx, organizationId, cutoff);
    const throughSeq = keptFrom ? keptFrom.seq - 1 : head.lastSeq;
    const through = throughSeq > 0 ? await entryAt(tx, organizationId, throughSeq) : undefined;
    if (!through) return { organizationId, removed: 0, throughSeq: null };
    const previous = await latestCheckpoint(tx, organizationId);
    await tx.delete(tables.auditEntries).where(and(eq(tables.auditEntries.organizationId, organizationId), lte(tables.auditEntries.seq, throughSeq)));
    // The chain has no gaps (verify says so), so the count is the distance from the last cut.
    const removedCount = throughSeq - (previous?.throughSeq ?? 0);
    const facts = { organizationId, throughSeq, throughHash: through.hash, throughOccurredAt: through.occurredAt, removedCount };
    await tx.insert(tables.auditCheckpoints).values({ ...facts, createdAt: now, signature: checkpointSignature(key, facts) });
    return { organizationId, removed: removedCount, throughSeq };
  });
}

/** Retention over every organisation's chain (the `audit:prune` script and the daily run). */
export async function pruneAuditLog(db: Database, key: Buffer, retentionDays: number, now: Date): Promise<PruneOutcome[]> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const outcomes: PruneOutcome[] = [];
  for (const organizationId of await chainedOrganizations(db)) outcomes.push(await pruneAuditChain(db, key, organizationId, cutoff, now));
  return outcomes;
}
