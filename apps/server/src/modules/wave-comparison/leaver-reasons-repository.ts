import type { LeaverReason } from '@ona/analytics';
import type { TLeaverReason } from '@ona/contracts';
import { and, eq, tables, type Database } from '@ona/db';

const STORED: ReadonlySet<string> = new Set<LeaverReason>(['left', 'moved', 'retired']);
const isStoredReason = (reason: string): reason is LeaverReason => STORED.has(reason);

/** One organisation's marked leaver reasons by person key (lower-cased e-mail); unknown has no row. */
export async function loadLeaverReasons(db: Database, organizationId: number): Promise<Map<string, LeaverReason>> {
  const rows = await db
    .select({ personKey: tables.leaverReasons.personKey, reason: tables.leaverReasons.reason })
    .from(tables.leaverReasons)
    .where(eq(tables.leaverReasons.organizationId, organizationId));
  return new Map(rows.flatMap((row) => (isStoredReason(row.reason) ? [[row.personKey, row.reason] as const] : [])));
}

/** Marks one person's reason in one organisation; `unknown` removes the mark. One statement either way. */
export async function saveLeaverReason(db: Database, organizationId: number, personKey: string, reason: TLeaverReason, userId: number): Promise<void> {
  const table = tables.leaverReasons;
  if (reason === 'unknown') {
    await db.delete(table).where(and(eq(table.organizationId, organizationId), eq(table.personKey, personKey)));
    return;
  }
  const now = new Date();
  await db
    .insert(table)
    .values({ organizationId, personKey, reason, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: [table.organizationId, table.personKey], set: { reason, updatedBy: userId, updatedAt: now } });
}
