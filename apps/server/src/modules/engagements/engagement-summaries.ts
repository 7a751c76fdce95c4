import { LRUCache } from 'lru-cache';
import { preparedStatement, sql, tables, type Database } from '@ona/db';
import type { ArchiveFilter } from './repository.ts';

type EngagementRow = typeof tables.engagements.$inferSelect;

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

/** What the journeys list and one journey's answer need of the engagement row. */
export type JourneyRow = Pick<EngagementRow, 'id' | 'name' | 'accessFrom' | 'accessTill' | 'defaultLanguage' | 'modules' | 'previousEngagementId' | 'closedAt' | 'archivedAt'>;

/** A row of VISIBLE_JOURNEYS_SQL as both drivers give it (versions as text: bigint differs between them). */
interface VisibleJourneyRow extends Record<string, unknown> {
  id: number;
  name: string;
  access_from: string;
  access_till: string;
  default_language: string;
  modules: string[];
  previous_engagement_id: number | null;
  closed_at: Date | null;
  archived_at: Date | null;
  roster_version: string;
  respondent_version: string;
  analysed: boolean;
  access_rows: { module: string; accessLevel: string }[] | null;
  own_employee_id: number | null;
  last_question_id: number | null;
  terms_accepted: boolean;
  finished: boolean;
}

/**
 * The journeys a caller sees, each with what is read live per request: cheap indexed lookups of
 * the caller's own rows (access, own employee, progress), whether an analysis finished, and the
 * versions under which the head counts are kept. Visibility: the organisation's journeys; for a
 * non-admin only the current ones they take part in or hold a switched-on module of. `$4` is the
 * effective archive filter (non-admins: always current), `$5` one journey's id or null.
 *
 * Hand-written and sent through `preparedStatement` rather than Drizzle (docs/request-path.md,
 * "The journeys list"): every request of the list sends it, and Drizzle's row mapping of the
 * whole engagement row was the largest single item of the list's JavaScript. Only the columns the
 * answer uses are read. The caller's own employee is found once for all journeys through the
 * index on `employees.user_id` (the previous per-journey subqueries, two per journey, each
 * intersected the journey's whole `engagement_id` index range with it). The modules come as JSON:
 * the driver's parser of a text[] is JavaScript (4 % of the list's busy CPU in a profile), JSON.parse is not.
 */
const VISIBLE_JOURNEYS_SQL = `
select e.id, e.name, e.access_from::text as access_from, e.access_till::text as access_till, e.default_language, to_json(e.modules) as modules,
  e.previous_engagement_id, e.closed_at, e.archived_at, e.roster_version::text as roster_version,
  coalesce(v.version, 0)::text as respondent_version,
  exists (select 1 from analysis_runs r where r.engagement_id = e.id and r.status = 'done') as analysed,
  (select json_agg(json_build_object('module', ma.module, 'accessLevel', ma.access_level)) from module_access ma
    where ma.engagement_id = e.id and ma.user_id = $2 and ma.module = any(e.modules)) as access_rows,
  own.id as own_employee_id, p.last_question_id, p.terms_accepted_at is not null as terms_accepted, p.finished_at is not null as finished
from engagements e
left join (select distinct on (x.engagement_id) x.engagement_id, x.id from employees x where x.user_id = $2 order by x.engagement_id, x.id) own
  on own.engagement_id = e.id
left join engagement_respondent_versions v on v.engagement_id = e.id
left join survey_participations p on p.engagement_id = e.id and p.employee_id = own.id
where e.organization_id = $1
  and ($5::int is null or e.id = $5::int)
  and ($4::text = 'any' or ($4::text = 'archived') = (e.archived_at is not null))
  and ($3::boolean or own.id is not null
    or exists (select 1 from module_access ma where ma.engagement_id = e.id and ma.user_id = $2 and ma.access_level <> 'no_access' and ma.module = any(e.modules)))
order by e.access_from, e.id`;

const visibleJourneys = preparedStatement<VisibleJourneyRow>('visible_journeys', VISIBLE_JOURNEYS_SQL);

/** A journey's head counts, kept under its roster version and respondent version. */
interface HeadCounts {
  participants: number;
  respondents: number;
  questionCount: number;
}

/**
 * Kept per database (tests open several): head counts per (engagement, roster version, respondent
 * version), subtree sizes per (engagement, roster version, own employee). The roster version moves
 * with any change of the journey's employees or questions (migration 0032), the respondent version
 * with any first answer of an employee or deleted answers (migration 0012), both set by triggers in
 * the writing transaction: a request that reads the new versions never takes counts of the old
 * ones. Entries of old versions are never asked for again and age out. Not the data version, which
 * also moves with leader codes: every analysis writes them as it finishes, and at 100,000 people
 * (2026-12-03) the one count that followed read 1.3 million answers from pages the run's stored
 * parts had pushed out of PostgreSQL's buffers, the list's slowest window (459 ms).
 *
 * `counting`: the counts being counted now, by the journeys and versions they are for. Requests
 * that miss the same counts at the same time wait for one count instead of each starting its own
 * (a new version misses for every request at once: ten connections each counted the whole journey).
 */
const memos = new WeakMap<Database, { counts: LRUCache<string, HeadCounts>; subtrees: LRUCache<string, { size: number }>; counting: Map<string, Promise<CountRow[]>> }>();

function memoOf(db: Database) {
  let memo = memos.get(db);
  if (!memo) {
    memo = { counts: new LRUCache({ max: 20_000 }), subtrees: new LRUCache({ max: 20_000 }), counting: new Map() };
    memos.set(db, memo);
  }
  return memo;
}

interface CountRow extends Record<string, unknown> {
  id: number;
  roster_version: string;
  respondent_version: string;
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
    select e.id, e.roster_version::text as roster_version, coalesce(v.version, 0)::text as respondent_version,
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
  engagement: JourneyRow;
  summary: EngagementSummary;
}

const countsKey = (id: number, rosterVersion: number | string, respondentVersion: number | string) => `${id}:${rosterVersion}:${respondentVersion}`;
const subtreeKey = (id: number, rosterVersion: number | string, own: number) => `${id}:${rosterVersion}:${own}`;

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
  const rows = await visibleJourneys(db, [caller.organizationId, caller.userId, caller.isAdmin, caller.isAdmin ? archive : 'current', onlyId]);
  const memo = memoOf(db);
  const journeys = rows.map((row) => ({
    row,
    counts: memo.counts.get(countsKey(row.id, row.roster_version, row.respondent_version)),
    subtree: row.own_employee_id === null ? { size: 0 } : memo.subtrees.get(subtreeKey(row.id, row.roster_version, row.own_employee_id)),
  }));
  const missing = journeys.filter((j) => !j.counts || !j.subtree);
  if (missing.length > 0) {
    const countingKey = missing.map((j) => `${j.row.id}:${j.row.roster_version}:${j.row.respondent_version}:${j.row.own_employee_id ?? ''}`).join(',');
    let counting = memo.counting.get(countingKey);
    if (!counting) {
      counting = countJourneys(db, missing.map((j) => ({ id: j.row.id, ownEmployeeId: j.row.own_employee_id }))).finally(() => memo.counting.delete(countingKey));
      memo.counting.set(countingKey, counting);
    }
    const counted = new Map((await counting).map((c) => [Number(c.id), c]));
    for (const journey of missing) {
      const c = counted.get(journey.row.id);
      if (!c) continue;
      // Counted in a snapshot as new as the first statement's or newer: kept under its own versions.
      journey.counts = { participants: Number(c.participants), respondents: Number(c.respondents), questionCount: Number(c.question_count) };
      memo.counts.set(countsKey(journey.row.id, c.roster_version, c.respondent_version), journey.counts);
      journey.subtree = { size: Number(c.subtree_size) };
      if (journey.row.own_employee_id !== null) memo.subtrees.set(subtreeKey(journey.row.id, c.roster_version, journey.row.own_employee_id), journey.subtree);
    }
  }
  const visible: VisibleJourney[] = [];
  for (const { row, counts, subtree } of journeys) {
    if (!counts || !subtree) continue;
    visible.push({
      engagement: {
        id: row.id,
        name: row.name,
        accessFrom: row.access_from,
        accessTill: row.access_till,
        defaultLanguage: row.default_language,
        modules: row.modules,
        previousEngagementId: row.previous_engagement_id,
        closedAt: row.closed_at,
        archivedAt: row.archived_at,
      },
      summary: {
        ...counts,
        analysed: row.analysed,
        accessRows: row.access_rows ?? [],
        ownEmployeeId: row.own_employee_id,
        subtreeSize: subtree.size,
        lastQuestionId: row.last_question_id,
        termsAccepted: row.terms_accepted,
        finished: row.finished,
      },
    });
  }
  return visible;
}
