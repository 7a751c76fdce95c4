import { LRUCache } from 'lru-cache';
import { and, asc, eq, perDatabase, sql, tables, type Database } from '@ona/db';
import type { ArchiveFilter } from './repository.ts';

const { engagements } = tables;

type EngagementRow = typeof engagements.$inferSelect;

/** What the journeys list shows of one engagement for one caller, beside the engagement row. */
export interface EngagementSummary {
  participants: number;
  respondents: number;
  questionCount: number;
  analysed: boolean;
  /** The caller's stored levels of the modules that are switched on. */
  accessRows: { module: string; accessLevel: string }[];
  ownEmployeeId: number | null;
  /** The caller's own employee and everyone below them in the leader tree (cycle-safe). */
  subtreeSize: number;
  lastQuestionId: number | null;
  termsAccepted: boolean;
  finished: boolean;
}

/**
 * The journeys a caller sees, each with what is read live per request: cheap indexed lookups of
 * the caller's own rows (access, own employee, progress), whether an analysis finished, and the
 * versions under which the head counts are kept. One prepared statement, built once per database.
 * Visibility: the organisation's journeys; for a non-admin only the current ones they take part in
 * or hold a switched-on module of. `archive` is the effective filter (non-admins: always current).
 */
const visibleJourneysQuery = perDatabase((db) =>
  db
    .select({
      engagement: engagements,
      respondentVersion: sql<number | string | null>`(select v.version from engagement_respondent_versions v where v.engagement_id = engagements.id)`,
      analysed: sql<boolean>`exists (select 1 from analysis_runs r where r.engagement_id = engagements.id and r.status = 'done')`,
      accessRows: sql<{ module: string; accessLevel: string }[] | null>`(select json_agg(json_build_object('module', ma.module, 'accessLevel', ma.access_level)) from module_access ma
        where ma.engagement_id = engagements.id and ma.user_id = ${sql.placeholder('userId')} and ma.module = any(engagements.modules))`,
      ownEmployeeId: sql<number | null>`(select x.id from employees x where x.engagement_id = engagements.id and x.user_id = ${sql.placeholder('userId')} order by x.id limit 1)`,
      progress: sql<{ last: number | null; terms: boolean; finished: boolean } | null>`(select json_build_object('last', p.last_question_id, 'terms', p.terms_accepted_at is not null, 'finished', p.finished_at is not null)
        from survey_participations p where p.engagement_id = engagements.id
        and p.employee_id = (select x.id from employees x where x.engagement_id = engagements.id and x.user_id = ${sql.placeholder('userId')} order by x.id limit 1))`,
    })
    .from(engagements)
    .where(
      and(
        eq(engagements.organizationId, sql.placeholder('organizationId')),
        sql`(${sql.placeholder('onlyId')}::int is null or ${engagements.id} = ${sql.placeholder('onlyId')}::int)`,
        sql`(${sql.placeholder('archive')}::text = 'any' or (${sql.placeholder('archive')}::text = 'archived') = (${engagements.archivedAt} is not null))`,
        sql`(${sql.placeholder('isAdmin')}::boolean
          or exists (select 1 from module_access ma where ma.engagement_id = engagements.id and ma.user_id = ${sql.placeholder('userId')} and ma.access_level <> 'no_access' and ma.module = any(engagements.modules))
          or exists (select 1 from employees x where x.engagement_id = engagements.id and x.user_id = ${sql.placeholder('userId')}))`,
      ),
    )
    .orderBy(asc(engagements.accessFrom), asc(engagements.id))
    .prepare('visible_journeys'),
);

/** A journey's head counts, kept under its data version and respondent version. */
interface HeadCounts {
  participants: number;
  respondents: number;
  questionCount: number;
}

/**
 * Kept per database (tests open several): head counts per (engagement, data version, respondent
 * version), subtree sizes per (engagement, data version, own employee). The data version moves
 * with any change of the journey's employees, questions or row (migration 0011), the respondent
 * version with any first answer of an employee or deleted answers (migration 0012), both set by
 * triggers in the writing transaction: a request that reads the new versions never takes counts
 * of the old ones. Entries of old versions are never asked for again and age out.
 */
const memos = new WeakMap<Database, { counts: LRUCache<string, HeadCounts>; subtrees: LRUCache<string, { size: number }> }>();

function memoOf(db: Database) {
  let memo = memos.get(db);
  if (!memo) {
    memo = { counts: new LRUCache({ max: 20_000 }), subtrees: new LRUCache({ max: 20_000 }) };
    memos.set(db, memo);
  }
  return memo;
}

interface CountRow extends Record<string, unknown> {
  id: number;
  data_version: number | string;
  respondent_version: number | string;
  participants: number;
  respondents: number;
  question_count: number;
  subtree_size: number;
}

/**
 * Counts the journeys' head counts (and the callers' subtrees) in the database, with the versions
 * of the snapshot they were counted in — kept under those, so counts and key always agree. The
 * subtree is counted by a recursive query whose UNION stops at cycles: no employee list leaves it.
 */
async function countJourneys(db: Database, wanted: { id: number; ownEmployeeId: number | null }[]): Promise<CountRow[]> {
  const ids = sql`array[${sql.join(wanted.map((w) => sql`${w.id}`), sql`, `)}]::int[]`;
  const owns = sql`array[${sql.join(wanted.map((w) => sql`${w.ownEmployeeId}`), sql`, `)}]::int[]`;
  const result = await db.execute<CountRow>(sql`
    select e.id, e.data_version, coalesce(v.version, 0) as respondent_version,
      (select count(*)::int from employees x where x.engagement_id = e.id) as participants,
      (select count(distinct a.employee_id)::int from answers a where a.engagement_id = e.id) as respondents,
      (select count(*)::int from questions q where q.engagement_id = e.id) as question_count,
      coalesce((
        with recursive below(id) as (
          select w.own where w.own is not null
          union
          select x.id from employees x join below on x.leader_id = below.id where x.engagement_id = e.id
        )
        select count(*)::int from below
      ), 0) as subtree_size
    from unnest(${ids}, ${owns}) as w(id, own)
    join engagements e on e.id = w.id
    left join engagement_respondent_versions v on v.engagement_id = e.id`);
  return result.rows;
}

export interface VisibleJourney {
  engagement: EngagementRow;
  summary: EngagementSummary;
}

/**
 * The journeys a caller sees (all of the organisation's in `archive`, or only `onlyId`), each with
 * its summary: one statement when the head counts are kept, two when any must be counted —
 * whatever the number of journeys.
 */
export async function loadVisibleJourneys(
  db: Database,
  caller: { organizationId: number; userId: number; isAdmin: boolean },
  archive: ArchiveFilter,
  onlyId: number | null = null,
): Promise<VisibleJourney[]> {
  const rows = await visibleJourneysQuery(db).execute({
    organizationId: caller.organizationId,
    userId: caller.userId,
    isAdmin: caller.isAdmin,
    archive: caller.isAdmin ? archive : 'current',
    onlyId,
  });
  const memo = memoOf(db);
  const countsKey = (id: number, dataVersion: number | string, respondentVersion: number | string | null) => `${id}:${dataVersion}:${respondentVersion ?? 0}`;
  const subtreeKey = (id: number, dataVersion: number | string, own: number) => `${id}:${dataVersion}:${own}`;
  const journeys = rows.map((row) => {
    const own = row.ownEmployeeId === null ? null : Number(row.ownEmployeeId);
    return {
      row,
      own,
      counts: memo.counts.get(countsKey(row.engagement.id, row.engagement.dataVersion, row.respondentVersion)),
      subtree: own === null ? { size: 0 } : memo.subtrees.get(subtreeKey(row.engagement.id, row.engagement.dataVersion, own)),
    };
  });
  const missing = journeys.filter((j) => !j.counts || !j.subtree);
  if (missing.length > 0) {
    const counted = new Map((await countJourneys(db, missing.map((j) => ({ id: j.row.engagement.id, ownEmployeeId: j.own })))).map((c) => [Number(c.id), c]));
    for (const journey of missing) {
      const c = counted.get(journey.row.engagement.id);
      if (!c) continue;
      // Counted in a snapshot as new as the first statement's or newer: kept under its own versions.
      journey.counts = { participants: Number(c.participants), respondents: Number(c.respondents), questionCount: Number(c.question_count) };
      memo.counts.set(countsKey(journey.row.engagement.id, c.data_version, c.respondent_version), journey.counts);
      journey.subtree = { size: Number(c.subtree_size) };
      if (journey.own !== null) memo.subtrees.set(subtreeKey(journey.row.engagement.id, c.data_version, journey.own), journey.subtree);
    }
  }
  return journeys.flatMap(({ row, own, counts, subtree }) => {
    if (!counts || !subtree) return [];
    const progress = row.progress;
    return [
      {
        engagement: row.engagement,
        summary: {
          ...counts,
          analysed: row.analysed,
          accessRows: row.accessRows ?? [],
          ownEmployeeId: own,
          subtreeSize: subtree.size,
          lastQuestionId: progress?.last === null || progress?.last === undefined ? null : Number(progress.last),
          termsAccepted: progress?.terms ?? false,
          finished: progress?.finished ?? false,
        },
      },
    ];
  });
}
