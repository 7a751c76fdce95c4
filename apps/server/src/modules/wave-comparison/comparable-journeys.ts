import type { TComparableJourneys, TModule } from '@ona/contracts';
import { and, eq, inArray, sql, tables, type Database } from '@ona/db';
import { forbidden } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { accessMapFromRows } from '../engagements/access-scope.ts';
import { listVisibleEngagements, loadAccessRows } from '../engagements/repository.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import { comparedJourney, startedBefore } from './comparison-sides.ts';

const SEEING = new Set(['self_only', 'subtree', 'all_access']);

/** The latest finished analysis of each journey that has one. */
async function analysedAt(db: Database, engagementIds: number[]): Promise<Map<number, Date | null>> {
  if (engagementIds.length === 0) return new Map();
  const runs = tables.analysisRuns;
  const rows = await db
    .select({ id: runs.engagementId, finishedAt: sql<Date | string | null>`max(${runs.finishedAt})` })
    .from(runs)
    .where(and(inArray(runs.engagementId, engagementIds), eq(runs.status, 'done')))
    .groupBy(runs.engagementId);
  return new Map(rows.map((row) => [row.id, row.finishedAt === null ? null : new Date(row.finishedAt)]));
}

/** The journeys among these where the caller holds a seeing level of the module (and the module is on). */
async function readableIn(db: Database, userId: number, engagementIds: number[], module: TModule): Promise<Set<number>> {
  if (engagementIds.length === 0) return new Set();
  const access = tables.moduleAccess;
  const rows = await db
    .select({ id: access.engagementId, level: access.accessLevel })
    .from(access)
    .innerJoin(tables.engagements, eq(tables.engagements.id, access.engagementId))
    .where(and(eq(access.userId, userId), eq(access.module, module), inArray(access.engagementId, engagementIds), sql`${access.module} = any(${tables.engagements.modules})`));
  return new Set(rows.filter((row) => SEEING.has(row.level)).map((row) => row.id));
}

/**
 * What a journey can be compared with (contracts: ZComparableJourneys): analysed journeys of the
 * same organisation that started earlier and that the caller may read in the module, newest first.
 * 404 for another organisation's journey, 403 without the module on the journey itself.
 */
export async function comparableJourneys(db: Database, auth: AuthContext, engagementId: number, module: TModule): Promise<TComparableJourneys> {
  const journey = await getVisibleEngagement(db, auth, engagementId);
  if (!SEEING.has(accessMapFromRows(await loadAccessRows(db, journey.id, auth.user.id))[module])) throw forbidden();
  const visible = await listVisibleEngagements(db, auth.organizationId, auth.user.id, isEngagementAdmin(auth), 'any');
  const before = visible.filter((candidate) => startedBefore(candidate, journey));
  const analysed = await analysedAt(db, [journey.id, ...before.map((e) => e.id)]);
  const readable = await readableIn(db, auth.user.id, before.map((e) => e.id), module);
  const earlier = before
    .filter((candidate) => analysed.has(candidate.id) && readable.has(candidate.id))
    .sort((a, b) => (a.accessFrom === b.accessFrom ? b.id - a.id : b.accessFrom.localeCompare(a.accessFrom)))
    .map((candidate) => comparedJourney(candidate, analysed.get(candidate.id) ?? null));
  const previous = earlier.find((candidate) => candidate.id === journey.previousEngagementId);
  return { journey: comparedJourney(journey, analysed.get(journey.id) ?? null), earlier, suggested: previous?.id ?? earlier[0]?.id ?? null };
}
