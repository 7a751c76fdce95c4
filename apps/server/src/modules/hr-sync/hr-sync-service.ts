import { syncOpenJourneysFromDirectory } from '../directory-journeys/journey-people-sync.ts';
import { and, desc, eq, gte, isNull, sql, tables, type Database } from '@ona/db';
import { ZHrColumnMapping, type THrColumnMapping, type THrSync, type THrSyncSettings, type THrSyncSummary, type TLocale } from '@ona/contracts';
import { ApiError, notFound } from '../../errors/api-error.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import { localizedBadRequest, type LocalizedMessage } from '../engagement-admin/localized-errors.ts';
import { diffHrFile, type DirectoryPersonState, type HrDiffResult, type HrProblem, type StoredDiff } from './hr-diff.ts';
import { missingColumns, readHrRecords, type HrRecord } from './hr-records.ts';
import { writePlan } from './hr-sync-writes.ts';
import type { HrTable } from './read-hr-file.ts';

const { directoryPeople: people, hrSyncs, hrSyncSettings, employees, engagements } = tables;

type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export const DEFAULT_GUARD_PERCENT = 40;
/** Entries per list of a diff in an answer; the counts are always whole. */
const LIST_LIMIT = 1_000;
/** Advisory lock keys of HR syncs: this base plus the organisation's id (one bigint key, apart from the two-key locks). */
const LOCK_BASE = 7_300_000_000;

type THold = { reason: 'too_many_leavers' | 'unit_with_open_journey_emptied'; params: Record<string, string | number> };
type TSyncRow = typeof hrSyncs.$inferSelect;

/** Two syncs of one organisation never interleave: each holds this lock until its transaction ends. */
const lockOrganization = (tx: TTransaction, organizationId: number) => tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BASE + organizationId}::bigint)`);

export async function readSettings(db: Database, organizationId: number): Promise<THrSyncSettings> {
  const [row] = await db.select().from(hrSyncSettings).where(eq(hrSyncSettings.organizationId, organizationId));
  const mapping = row ? ZHrColumnMapping.safeParse(row.mapping) : null;
  return { mapping: mapping?.success ? mapping.data : null, deactivation_guard_percent: row?.deactivationGuardPercent ?? DEFAULT_GUARD_PERCENT };
}

export async function saveSettings(db: Database, organizationId: number, mapping: THrColumnMapping, percent: number, now: Date): Promise<THrSyncSettings> {
  await db
    .insert(hrSyncSettings)
    .values({ organizationId, mapping, deactivationGuardPercent: percent, updatedAt: now })
    .onConflictDoUpdate({ target: hrSyncSettings.organizationId, set: { mapping, deactivationGuardPercent: percent, updatedAt: now } });
  return readSettings(db, organizationId);
}

async function loadDirectory(tx: TTransaction, organizationId: number): Promise<DirectoryPersonState[]> {
  const rows = await tx
    .select({
      id: people.id, externalId: people.externalId, userName: people.userName, email: people.email, displayName: people.displayName, unitPath: people.unitPath,
      managerExternalId: people.managerExternalId, hireDate: people.hireDate, leaveDate: people.leaveDate, leaveReason: people.leaveReason, language: people.language,
      timeZone: people.timeZone, gender: people.gender, generation: people.generation, location: people.location, attributes: people.attributes, active: people.active,
      deleted: sql<boolean>`${people.deletedAt} is not null`,
    })
    .from(people)
    .where(eq(people.organizationId, organizationId));
  return rows.map((r) => ({ ...r, deleted: Boolean(r.deleted) }));
}

/** What stops a sync for an administrator: too many leavers, or a unit with people in an open journey left empty. */
async function holdsOf(tx: TTransaction, organizationId: number, result: HrDiffResult, percent: number, today: string): Promise<THold[]> {
  const holds: THold[] = [];
  const { leavers, active_before: activeBefore } = result.diff.counts;
  if (activeBefore > 0 && leavers * 100 > percent * activeBefore) {
    holds.push({ reason: 'too_many_leavers', params: { leavers, active: activeBefore, percent: Math.round((leavers * 100) / activeBefore), limit: percent } });
  }
  if (result.emptiedUnits.length > 0) {
    const emails = result.emptiedUnits.flatMap((u) => u.emails.map((e) => e.toLowerCase()));
    const rows = await tx
      .selectDistinct({ email: sql<string>`lower(${employees.email})` })
      .from(employees)
      .innerJoin(engagements, eq(engagements.id, employees.engagementId))
      .where(and(
        eq(engagements.organizationId, organizationId), isNull(engagements.archivedAt), isNull(engagements.closedAt), gte(engagements.accessTill, today),
        sql`lower(${employees.email}) in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
      ));
    const inJourneys = new Set(rows.map((r) => r.email));
    for (const unit of result.emptiedUnits) {
      if (unit.emails.some((e) => inJourneys.has(e.toLowerCase()))) holds.push({ reason: 'unit_with_open_journey_emptied', params: { unit: unit.unit } });
    }
  }
  return holds;
}

/** The file refused whole, each problem under its row (`row_<n>`) or the file, in the caller's language. */
function refusedFile(locale: TLocale, problems: HrProblem[]): ApiError {
  const fields = new Map<string, LocalizedMessage[]>();
  for (const p of problems) {
    const field = p.row === null ? 'file' : `row_${p.row}`;
    fields.set(field, [...(fields.get(field) ?? []), { key: `hrSync.problems.${p.code}` as MessageKey, params: p.params }]);
  }
  return localizedBadRequest(locale, 'invalid_hr_file', 'hrSync.errors.invalid_file', fields, { count: problems.length });
}

/** What a sync and its one-line summary share: who, when, its state and why it is held. */
function headOf(row: Pick<TSyncRow, 'id' | 'status' | 'source' | 'fileName' | 'createdAt' | 'decidedAt' | 'holdReasons'>, locale: TLocale) {
  return {
    id: row.id,
    status: row.status as THrSync['status'],
    source: row.source as THrSync['source'],
    file_name: row.fileName,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    holds: (row.holdReasons as THold[]).map((h) => ({ reason: h.reason, message: translate(locale, `hrSync.holds.${h.reason}` as MessageKey, h.params) })),
  };
}

function toSync(row: TSyncRow, locale: TLocale): THrSync {
  const diff = row.diff as unknown as StoredDiff;
  const cut = <T>(list: T[]) => list.slice(0, LIST_LIMIT);
  return {
    ...headOf(row, locale),
    diff: {
      counts: diff.counts,
      joiners: cut(diff.joiners),
      movers: cut(diff.movers),
      leavers: cut(diff.leavers),
      changed: cut(diff.changed),
      refused: cut(diff.refused).map((r) => ({ row: r.row, external_id: r.externalId, reason: r.reason, message: translate(locale, `hrSync.refused.${r.reason}` as MessageKey, r.params) })),
    },
  };
}

export interface SyncRequest {
  organizationId: number;
  userId: number;
  source: 'upload' | 'api';
  fileName: string | null;
  autoApply: boolean;
  locale: TLocale;
  now: Date;
  /** Puts an applied sync (a directory change) on record inside the transaction that writes it (the routes always pass it; the benchmark times the sync alone). */
  recordApplied?: AppliedRecorder;
}

/** Writes the audit entry of an applied sync on the sync's own transaction (docs/audit-log.md). */
export type AppliedRecorder = (tx: Database, syncId: number) => Promise<void>;

/**
 * After an applied file (a bulk change) every open directory journey of the organisation is
 * reconciled with the directory, after the commit, like every other directory writer does
 * (docs/directory-journeys.md, "The call for every directory writer").
 */
async function openJourneysFollow(db: Database, organizationId: number, now: Date): Promise<void> {
  await syncOpenJourneysFromDirectory(db, organizationId, { now });
}

/**
 * Reads an HR file through the organisation's mapping, computes its diff against the directory
 * and stores the sync: pending (waits for confirmation), held (the guard stopped it) or, pushed
 * with auto-apply and not held, applied at once. The diff and any apply happen in one transaction
 * under the organisation's lock; a file with a problem is refused whole and stores nothing.
 */
export async function createSync(db: Database, table: HrTable, request: SyncRequest): Promise<THrSync> {
  const settings = await readSettings(db, request.organizationId);
  if (!settings.mapping) throw new ApiError(409, 'hr_mapping_missing', 'hrSync.errors.mapping_missing');
  if (table.rows.length === 0) throw new ApiError(400, 'empty_file', 'hrSync.errors.empty_file');
  const missing = missingColumns(table, settings.mapping);
  if (missing.length > 0) throw new ApiError(400, 'missing_columns', 'hrSync.errors.missing_columns', undefined, { columns: missing.join(', ') });
  const { records, refusals } = readHrRecords(table, settings.mapping);
  const today = request.now.toISOString().slice(0, 10);
  const row = await db.transaction(async (tx) => {
    await lockOrganization(tx, request.organizationId);
    const result = diffHrFile(await loadDirectory(tx, request.organizationId), records, refusals, today);
    if (result.problems.length > 0) throw refusedFile(request.locale, result.problems);
    const holds = await holdsOf(tx, request.organizationId, result, settings.deactivation_guard_percent, today);
    const apply = request.autoApply && holds.length === 0;
    if (apply) await writePlan(tx, request.organizationId, result.plan, request.now);
    const [stored] = await tx
      .insert(hrSyncs)
      .values({
        organizationId: request.organizationId,
        status: holds.length > 0 ? 'held' : apply ? 'applied' : 'pending',
        source: request.source,
        fileName: request.fileName,
        createdByUserId: request.userId,
        // Kept only until the sync is decided: applying reads the file's people again, not the diff.
        records: apply ? [] : { records, refusals },
        diff: result.diff as unknown as Record<string, unknown>,
        holdReasons: holds,
        createdAt: request.now,
        ...(apply ? { decidedAt: request.now, decidedByUserId: request.userId } : {}),
      })
      .returning();
    if (!stored) throw new Error('hr sync not stored');
    if (apply) await request.recordApplied?.(tx, stored.id);
    return stored;
  });
  if (row.status === 'applied') await openJourneysFollow(db, request.organizationId, request.now);
  return toSync(row, request.locale);
}

/**
 * Applies a pending sync, or a held one when an administrator overrides the hold. The diff is made
 * again against the directory as it is now (another sync or SCIM may have changed it since), under
 * the organisation's lock, and what is applied is that diff; a pending sync that the guard would
 * now stop becomes held instead.
 */
export async function applySync(db: Database, organizationId: number, id: number, override: boolean, userId: number, locale: TLocale, now: Date, recordApplied: AppliedRecorder): Promise<THrSync> {
  const settings = await readSettings(db, organizationId);
  const today = now.toISOString().slice(0, 10);
  const row = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const [sync] = await tx.select().from(hrSyncs).where(and(eq(hrSyncs.id, id), eq(hrSyncs.organizationId, organizationId))).for('update');
    if (!sync) throw notFound();
    if (sync.status === 'applied' || sync.status === 'discarded') throw new ApiError(409, 'hr_sync_decided', 'hrSync.errors.sync_decided');
    if (sync.status === 'held' && !override) throw new ApiError(409, 'hr_sync_held', 'hrSync.errors.sync_held');
    const kept = sync.records as unknown as { records: HrRecord[]; refusals: StoredDiff['refused'] };
    const result = diffHrFile(await loadDirectory(tx, organizationId), kept.records, kept.refusals, today);
    if (result.problems.length > 0) throw refusedFile(locale, result.problems);
    const holds = override ? [] : await holdsOf(tx, organizationId, result, settings.deactivation_guard_percent, today);
    if (holds.length > 0) {
      const [held] = await tx.update(hrSyncs).set({ status: 'held', holdReasons: holds, diff: result.diff as unknown as Record<string, unknown> }).where(eq(hrSyncs.id, id)).returning();
      return held;
    }
    await writePlan(tx, organizationId, result.plan, now);
    const [applied] = await tx
      .update(hrSyncs)
      .set({ status: 'applied', records: [], diff: result.diff as unknown as Record<string, unknown>, decidedAt: now, decidedByUserId: userId })
      .where(eq(hrSyncs.id, id))
      .returning();
    await recordApplied(tx, id);
    return applied;
  });
  if (!row) throw new Error('hr sync not updated');
  if (row.status === 'applied') await openJourneysFollow(db, organizationId, now);
  return toSync(row, locale);
}

/** Sets a pending or held sync aside; nothing of it is applied. */
export async function discardSync(db: Database, organizationId: number, id: number, userId: number, locale: TLocale, now: Date): Promise<THrSync> {
  const row = await db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const [sync] = await tx.select().from(hrSyncs).where(and(eq(hrSyncs.id, id), eq(hrSyncs.organizationId, organizationId))).for('update');
    if (!sync) throw notFound();
    if (sync.status === 'applied' || sync.status === 'discarded') throw new ApiError(409, 'hr_sync_decided', 'hrSync.errors.sync_decided');
    const [discarded] = await tx.update(hrSyncs).set({ status: 'discarded', records: [], decidedAt: now, decidedByUserId: userId }).where(eq(hrSyncs.id, id)).returning();
    return discarded;
  });
  if (!row) throw new Error('hr sync not updated');
  if (row.status === 'applied') await openJourneysFollow(db, organizationId, now);
  return toSync(row, locale);
}

export async function getSync(db: Database, organizationId: number, id: number, locale: TLocale): Promise<THrSync> {
  const [row] = await db.select().from(hrSyncs).where(and(eq(hrSyncs.id, id), eq(hrSyncs.organizationId, organizationId)));
  if (!row) throw notFound();
  return toSync(row, locale);
}

/** The organisation's latest syncs, newest first (no records nor lists: one row each). */
export async function listSyncs(db: Database, organizationId: number, locale: TLocale): Promise<THrSyncSummary[]> {
  const rows = await db
    .select({ id: hrSyncs.id, status: hrSyncs.status, source: hrSyncs.source, fileName: hrSyncs.fileName, createdAt: hrSyncs.createdAt, decidedAt: hrSyncs.decidedAt, holdReasons: hrSyncs.holdReasons, counts: sql<StoredDiff['counts']>`${hrSyncs.diff} -> 'counts'` })
    .from(hrSyncs)
    .where(eq(hrSyncs.organizationId, organizationId))
    .orderBy(desc(hrSyncs.createdAt), desc(hrSyncs.id))
    .limit(20);
  return rows.map((r) => ({
    ...headOf(r, locale),
    counts: r.counts,
  }));
}
