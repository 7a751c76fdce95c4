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
export type JourneyRow = Pick<EngagementRow, 'id' | 'name' | 'accessFrom' | 'accessTill' | 'defaultLanguage' | 'modules' | 'previousEngagementId' | 'closedAt'> & { archived: boolean };

/** One journey as the statement gives it (versions as text: bigint differs between the drivers). */
interface VisibleJourneyRow {
  id: number;
  name: string;
  access_from: string;
  access_till: string;
  default_language: string;
  modules: string[];
  previous_engagement_id: number | null;
  /** Milliseconds since the epoch, cut to the millisecond as the driver's Date was. */
  closed_at: number | null;
  archived: boolean;
  roster_version: string;
  respondent_version: string;
  analysed: boolean;
  /** The caller's stored levels of the switched-on modules as `module=level,module=level` (null: none). */
  access_levels: string | null;
  own_employee_id: number | null;
  last_question_id: number | null;
  terms_accepted: boolean;
  finished: boolean;
}

/**
 * Each journey's values in this order, as a JSON array (the statement's rows are one JSON text,
 * below). The caller's access levels come as one text of `module=level` pairs (module and level
 * names hold neither `=` nor `,`; unknown ones are dropped by `accessMapFromRows`): building JSON
 * objects of them was the statement's costliest part (62 → 48 µs an execution in PostgreSQL).
 */
const JOURNEY_COLUMNS: { readonly [K in keyof VisibleJourneyRow]: string } = {
  id: 'e.id',
  name: 'e.name',
  access_from: 'e.access_from::text',
  access_till: 'e.access_till::text',
  default_language: 'e.default_language',
  modules: 'e.modules',
  previous_engagement_id: 'e.previous_engagement_id',
  closed_at: 'floor(extract(epoch from e.closed_at) * 1000)::bigint',
  archived: 'e.archived_at is not null',
  roster_version: 'e.roster_version::text',
  respondent_version: 'coalesce(v.version, 0)::text',
  analysed: "exists (select 1 from analysis_runs r where r.engagement_id = e.id and r.status = 'done')",
  access_levels: `(select string_agg(ma.module || '=' || ma.access_level, ',') from module_access ma
    where ma.engagement_id = e.id and ma.user_id = $2 and ma.module = any(e.modules))`,
  own_employee_id: 'own.id',
  last_question_id: 'p.last_question_id',
  terms_accepted: 'p.terms_accepted_at is not null',
  finished: 'p.finished_at is not null',
};
const COLUMN_NAMES = Object.keys(JOURNEY_COLUMNS) as (keyof VisibleJourneyRow)[];

/** A journey's JSON array as the named row the module reads. */
function journeyRowOf(values: unknown[]): VisibleJourneyRow {
  const row: Partial<Record<keyof VisibleJourneyRow, unknown>> = {};
  for (let i = 0; i < COLUMN_NAMES.length; i++) row[COLUMN_NAMES[i]!] = values[i];
  return row as VisibleJourneyRow;
}

/** `module=level,…` as the rows `accessMapFromRows` reads. */
function accessRowsOf(levels: string | null): { module: string; accessLevel: string }[] {
  if (!levels) return [];
  return levels.split(',').map((pair) => {
    const at = pair.indexOf('=');
    return { module: pair.slice(0, at), accessLevel: pair.slice(at + 1) };
  });
}

/**
 * The journeys a caller sees, each with what is read live per request: cheap indexed lookups of
 * the caller's own rows (access, own employee, progress), whether an analysis finished, and the
 * versions under which the head counts are kept. Visibility: the organisation's journeys; for a
 * non-admin only the current ones they take part in or hold a switched-on module of. `$4` is the
 * effective archive filter (non-admins: always current), `$5` one journey's id or null.
 *
 * Hand-written and sent through `preparedStatement` rather than Drizzle (docs/request-path.md,
 * "The journeys list"): every request of the list sends it. Only the columns the answer uses are
 * read. The caller's own employee is found once for all journeys through the index on
 * `employees.user_id` (the previous per-journey subqueries, two per journey, each intersected the
 * journey's whole `engagement_id` index range with it).
 *
 * The journeys come as **one JSON text** (an array of arrays, in the list's order), not as rows of
 * columns: the driver builds a descriptor of every column and an object of every row in
 * JavaScript (its slowest part of the list: 14 µs a request for 17 columns), where one text column
 * is one string; and the text itself is everything the answer is built from besides the kept
 * counts, so the answer built from it once can be kept under it (service.ts).
 */
export const VISIBLE_JOURNEYS_SQL = `
select (json_agg(json_build_array(
    ${COLUMN_NAMES.map((name) => JOURNEY_COLUMNS[name]).join(',\n    ')}
  ) order by e.access_from, e.id))::text as journeys
from engagements e
left join (select distinct on (x.engagement_id) x.engagement_id, x.id from employees x where x.user_id = $2 order by x.engagement_id, x.id) own
  on own.engagement_id = e.id
left join engagement_respondent_versions v on v.engagement_id = e.id
left join survey_participations p on p.engagement_id = e.id and p.employee_id = own.id
where e.organization_id = $1
  and ($5::int is null or e.id = $5::int)
  and ($4::text = 'any' or ($4::text = 'archived') = (e.archived_at is not null))
  and ($3::boolean or own.id is not null
    or exists (select 1 from module_access ma where ma.engagement_id = e.id and ma.user_id = $2 and ma.access_level <> 'no_access' and ma.module = any(e.modules)))`;

const visibleJourneys = preparedStatement<{ journeys: string | null }>('visible_journeys', VISIBLE_JOURNEYS_SQL);

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

export interface Caller {
  organizationId: number;
  userId: number;
  isAdmin: boolean;
}

/**
 * The journeys a caller sees (all of the organisation's in `archive`, or only `onlyId`) as the
 * statement's JSON text: one statement, read live on every request.
 */
export async function readVisibleJourneys(db: Database, caller: Caller, archive: ArchiveFilter, onlyId: number | null = null): Promise<string> {
  const [row] = await visibleJourneys(db, [caller.organizationId, caller.userId, caller.isAdmin, caller.isAdmin ? archive : 'current', onlyId]);
  return row?.journeys ?? '[]';
}

/**
 * Each journey of `readVisibleJourneys`' text with its summary: the kept head counts, counted by
 * one more statement when any is missing — whatever the number of journeys. `complete` is false
 * when a journey was left out because it was gone by the time it was counted.
 */
export async function summariseJourneys(db: Database, text: string): Promise<{ journeys: VisibleJourney[]; complete: boolean }> {
  const rows = (JSON.parse(text) as unknown[][]).map(journeyRowOf);
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
        closedAt: row.closed_at === null ? null : new Date(row.closed_at),
        archived: row.archived,
      },
      summary: {
        ...counts,
        analysed: row.analysed,
        accessRows: accessRowsOf(row.access_levels),
        ownEmployeeId: row.own_employee_id,
        subtreeSize: subtree.size,
        lastQuestionId: row.last_question_id,
        termsAccepted: row.terms_accepted,
        finished: row.finished,
      },
    });
  }
  return { journeys: visible, complete: visible.length === rows.length };
}

/** The journeys a caller sees, each with its summary (`readVisibleJourneys`, then `summariseJourneys`). */
export async function loadVisibleJourneys(db: Database, caller: Caller, archive: ArchiveFilter, onlyId: number | null = null): Promise<VisibleJourney[]> {
  return (await summariseJourneys(db, await readVisibleJourneys(db, caller, archive, onlyId))).journeys;
}
