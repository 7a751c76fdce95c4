import { LRUCache } from 'lru-cache';
import type { TModule } from '@ona/contracts';
import { and, asc, eq, perDatabase, sql, tables, type Database } from '@ona/db';
import { forbidden, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';
import type { EngagementRow, SeeingLevel } from './analytics-scope.ts';

const { employees, engagements } = tables;

/** Whether and how far one caller sees one module of one engagement, and which analysis is the latest. */
export interface AnalyticsAccess {
  engagement: EngagementRow;
  level: SeeingLevel;
  /** The caller's own employee record in this engagement, if any. */
  ownEmployeeId: number | null;
  /** The latest finished analysis run; null before the first one. */
  latestRunId: number | null;
  /** That run's row version (run-repository.ts, runRowVersion): a parsed copy of another version is read again. */
  latestRunVersion: string | null;
}

const isSeeing = (level: string | null): level is SeeingLevel => level === 'self_only' || level === 'subtree' || level === 'all_access';

/**
 * The caller's employee id per (engagement, data version, user): the link between a user and an
 * employee only changes with the engagement's data version, so a remembered answer stays right,
 * and a request whose answer is kept never reads the employees table.
 */
const ownEmployees = new WeakMap<Database, LRUCache<string, { id: number | null }>>();

async function ownEmployeeId(db: Database, engagement: EngagementRow, userId: number): Promise<number | null> {
  let memo = ownEmployees.get(db);
  if (!memo) {
    memo = new LRUCache({ max: 10_000 });
    ownEmployees.set(db, memo);
  }
  const key = `${engagement.id}:${engagement.dataVersion}:${userId}`;
  const known = memo.get(key);
  if (known) return known.id;
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.engagementId, engagement.id), eq(employees.userId, userId)))
    .orderBy(asc(employees.id))
    .limit(1);
  const id = row?.id ?? null;
  memo.set(key, { id });
  return id;
}

/**
 * The engagement of the caller's organisation, the caller's level of the module (a module that is
 * switched off reads as none) and the latest finished run, in one round trip; built once per
 * database (a prepared statement: the answer's 304 path sends only this).
 */
const accessQuery = perDatabase((db) =>
  db
    .select({
      engagement: engagements,
      // Table-qualified by hand: in a select list the query builder leaves column names bare, which
      // inside these subqueries would bind to the subquery's own table.
      level: sql<string | null>`(select ma.access_level from module_access ma where ma.engagement_id = engagements.id and ma.user_id = ${sql.placeholder('userId')} and ma.module = ${sql.placeholder('module')} and ma.module = any(engagements.modules))`,
      latestRunId: sql<number | null>`(select max(ar.id) from analysis_runs ar where ar.engagement_id = engagements.id and ar.status = 'done')`,
      latestRunVersion: sql<string | null>`(select ar.xmin::text from analysis_runs ar where ar.engagement_id = engagements.id and ar.status = 'done' order by ar.id desc limit 1)`,
    })
    .from(engagements)
    .where(and(eq(engagements.id, sql.placeholder('engagementId')), eq(engagements.organizationId, sql.placeholder('organizationId'))))
    .prepare('analytics_access'),
);

/**
 * A caller who sees the module sees the engagement (it is not archived, or they are an admin);
 * anything else is sorted out by the journeys' visibility rule: 404 when the caller may not know
 * the engagement, else 403.
 */
export async function resolveAccess(db: Database, auth: AuthContext, engagementId: number, module: TModule): Promise<AnalyticsAccess> {
  const [row] = await accessQuery(db).execute({ userId: auth.user.id, module, engagementId, organizationId: auth.organizationId });
  if (!row) throw notFound();
  const { engagement, level, latestRunId, latestRunVersion } = row;
  if (!isSeeing(level) || (engagement.archivedAt !== null && !isEngagementAdmin(auth))) {
    await getVisibleEngagement(db, auth, engagementId);
    throw forbidden();
  }
  return { engagement, level, ownEmployeeId: await ownEmployeeId(db, engagement, auth.user.id), latestRunId: latestRunId ?? null, latestRunVersion: latestRunVersion ?? null };
}
