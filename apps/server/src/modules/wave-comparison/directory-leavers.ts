import type { LeaverReason } from '@ona/analytics';
import { and, eq, gte, isNotNull, lte, sql, tables, type Database } from '@ona/db';
import type { ComparisonSides } from './comparison-sides.ts';
import { matchingKey } from './comparison-sides.ts';
import { loadLeaverReasons } from './leaver-reasons-repository.ts';

const STORED: ReadonlySet<string> = new Set<LeaverReason>(['left', 'moved', 'retired']);

/**
 * Who left between the two journeys as the directory recorded it (docs/risk-calibration.md,
 * "Leavers from the directory"): people of the later journey whom the directory reported as
 * leavers while it was open (`employees.left_at`), and people of the later journey whom the
 * directory has as leavers with a leave date from the earlier journey's first day to the later
 * one's last (a journey that did not follow the directory). Keys are the matching e-mails.
 */
export async function directoryLeaverKeys(db: Database, organizationId: number, sides: ComparisonSides): Promise<Set<string>> {
  const later = sides.now.scope.engagement;
  const earlier = sides.then.scope.engagement;
  const { employees, directoryPeople } = tables;
  const marked = await db.select({ email: employees.email }).from(employees).where(and(eq(employees.engagementId, later.id), isNotNull(employees.leftAt)));
  const recorded = await db
    .select({ email: employees.email })
    .from(employees)
    .innerJoin(
      directoryPeople,
      and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, false), sql`lower(${directoryPeople.email}) = lower(${employees.email})`),
    )
    .where(and(eq(employees.engagementId, later.id), gte(directoryPeople.leaveDate, earlier.accessFrom), lte(directoryPeople.leaveDate, later.accessTill)));
  return new Set([...marked, ...recorded].flatMap((row) => {
    const key = matchingKey(row.email);
    return key === null ? [] : [key];
  }));
}

/** The sides with the directory's leavers taken out of the later journey, so the engine counts them as leavers. */
export function withDirectoryLeavers(sides: ComparisonSides, leaverKeys: ReadonlySet<string>): ComparisonSides {
  if (leaverKeys.size === 0) return sides;
  const personKeys = new Map([...sides.now.snapshot.personKeys].filter(([, key]) => !leaverKeys.has(key)));
  return { ...sides, now: { ...sides.now, snapshot: { ...sides.now.snapshot, personKeys } } };
}

/**
 * The leave reasons the directory holds (SCIM's `leaveReason`, the HR file's reason column) by
 * matching e-mail, of people who are leavers there; the latest leave wins when an address was
 * used twice. The manual marks are laid over these by the caller: a correction wins.
 */
export async function directoryLeaverReasons(db: Database, organizationId: number): Promise<Map<string, LeaverReason>> {
  const { directoryPeople } = tables;
  const rows = await db
    .select({ email: directoryPeople.email, reason: directoryPeople.leaveReason, leaveDate: directoryPeople.leaveDate })
    .from(directoryPeople)
    .where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, false), isNotNull(directoryPeople.leaveReason)))
    .orderBy(directoryPeople.leaveDate);
  const reasons = new Map<string, LeaverReason>();
  for (const row of rows) {
    const key = matchingKey(row.email);
    if (key !== null && row.reason !== null && STORED.has(row.reason)) reasons.set(key, row.reason as LeaverReason);
  }
  return reasons;
}

/** Directory reasons with the manual marks over them. */
export function withManualMarks(fromDirectory: ReadonlyMap<string, LeaverReason>, manual: ReadonlyMap<string, LeaverReason>): Map<string, LeaverReason> {
  return new Map([...fromDirectory, ...manual]);
}

/** The reasons the calibration reads: the directory's, with the manual marks (corrections) over them. */
export async function calibrationReasons(db: Database, organizationId: number): Promise<Map<string, LeaverReason>> {
  return withManualMarks(await directoryLeaverReasons(db, organizationId), await loadLeaverReasons(db, organizationId));
}
