import { MODULES, type TEngagement, type THierarchy, type TUnitNode } from '@ona/contracts';
import { perDatabase, type Database, type tables } from '@ona/db';
import { forbidden, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { accessMapFromRows, involvedEmployeeCount } from './access-scope.ts';
import { journeyState } from './journey-state.ts';
import { LRUCache } from 'lru-cache';
import { loadVisibleJourneys, readVisibleJourneys, summariseJourneys, type EngagementSummary, type JourneyRow } from './engagement-summaries.ts';
import { todayUtc } from '../survey/survey-window.ts';
import * as repo from './repository.ts';

export function isEngagementAdmin(auth: AuthContext): boolean {
  return auth.permissions.includes('engagement_admin');
}

type EngagementRow = typeof tables.engagements.$inferSelect;
const KNOWN_MODULES: ReadonlySet<string> = new Set(MODULES);

/** What is the same for every journey of one answer: worked out once per request, not per journey. */
interface AnswerContext {
  isAdmin: boolean;
  today: string;
}

const answerContextOf = (auth: AuthContext): AnswerContext => ({ isAdmin: isEngagementAdmin(auth), today: todayUtc() });

function describeEngagement(context: AnswerContext, engagement: JourneyRow, summary: EngagementSummary): TEngagement {
  const access = accessMapFromRows(summary.accessRows);
  const { ownEmployeeId } = summary;
  const counts = { participants: summary.participants, respondents: summary.respondents };
  const analysed = summary.analysed;
  const withCount = (level: TEngagement['leader_reports']['access_level']) => ({
    access_level: level,
    involved_employee_count: involvedEmployeeCount(level, ownEmployeeId, { all: summary.participants, subtree: summary.subtreeSize }),
  });
  return {
    id: engagement.id,
    name: engagement.name,
    access_from: engagement.accessFrom,
    access_till: engagement.accessTill,
    default_language: engagement.defaultLanguage,
    participant_count: counts.participants,
    answer_count: counts.respondents,
    survey: {
      // Only an employee of the engagement can take its survey, whatever the stored level says.
      access_level: ownEmployeeId === null && access.survey !== 'no_access' ? 'module_disabled' : access.survey,
      question_count: summary.questionCount,
      last_question_id: summary.lastQuestionId,
      terms_accepted: summary.termsAccepted,
      finished: summary.finished,
    },
    graph_visualization: { access_level: access.graph_visualization, answer_count: counts.respondents },
    leader_reports: withCount(access.leader_reports),
    retention_analytics: withCount(access.retention_analytics),
    individual_reports: withCount(access.individual_reports),
    executive_reports: withCount(access.executive_reports),
    analytics360_reports: withCount(access.analytics360_reports),
    key_people_analytics: { access_level: access.key_people_analytics },
    statistics: { access_level: access.statistics },
    is_admin: context.isAdmin,
    state: journeyState(engagement, { analysed }, context.today),
    modules: engagement.modules.filter((m): m is TEngagement['modules'][number] => KNOWN_MODULES.has(m)),
    previous_engagement_id: engagement.previousEngagementId,
    closed_at: engagement.closedAt?.toISOString() ?? null,
    archived: engagement.archived,
    has_answers: counts.respondents > 0,
  };
}

/**
 * The journeys list's answers as sent, per database (tests open several), under everything they
 * are built from: the statement's text of the caller's journeys (read live on every request: the
 * engagement rows, the caller's access, own employee and progress, whether an analysis finished,
 * and the versions the kept head counts belong to), whether the caller is an engagement admin, and
 * today's date. The same text answers the same bytes, so a list whose inputs did not change is not
 * described and serialised again (docs/request-path.md, "The journeys list"). At most 32 MB.
 */
const listAnswersOf = perDatabase(() => new LRUCache<string, Buffer>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (body, key) => body.length + key.length }));

/**
 * The journeys list as its JSON body; `archived` lists the archived ones instead (engagement
 * admins only). `serialize` is the route's serializer of its 200 answer.
 */
export async function listEngagementsBody(db: Database, auth: AuthContext, archived: boolean, serialize: (list: TEngagement[]) => string): Promise<Buffer> {
  if (archived && !isEngagementAdmin(auth)) throw forbidden();
  const text = await readVisibleJourneys(db, callerOf(auth), archived ? 'archived' : 'current');
  const context = answerContextOf(auth);
  const key = `${context.isAdmin ? 'admin' : 'member'} ${context.today} ${text}`;
  const kept = listAnswersOf(db);
  const body = kept.get(key);
  if (body) return body;
  const { journeys, complete } = await summariseJourneys(db, text);
  const built = Buffer.from(serialize(journeys.map(({ engagement, summary }) => describeEngagement(context, engagement, summary))));
  // A journey gone before it was counted is left out of this answer only, never kept under the text.
  if (complete) kept.set(key, built);
  return built;
}

const callerOf = (auth: AuthContext) => ({ organizationId: auth.organizationId, userId: auth.user.id, isAdmin: isEngagementAdmin(auth) });

/**
 * One engagement of the caller's organisation; another organisation's id answers 404. Admins
 * reach archived journeys too (kept for waves); for everybody else an archived journey is gone.
 */
export async function getVisibleEngagement(db: Database, auth: AuthContext, engagementId: number): Promise<EngagementRow> {
  const visible = await repo.listVisibleEngagements(db, auth.organizationId, auth.user.id, isEngagementAdmin(auth), 'any');
  const engagement = visible.find((e) => e.id === engagementId);
  if (!engagement) throw notFound();
  return engagement;
}

/** The same rule as getVisibleEngagement, with the journeys list's summary, in one statement when its counts are kept. */
export async function getEngagement(db: Database, auth: AuthContext, engagementId: number): Promise<TEngagement> {
  const [journey] = await loadVisibleJourneys(db, callerOf(auth), 'any', engagementId);
  if (!journey) throw notFound();
  return describeEngagement(answerContextOf(auth), journey.engagement, journey.summary);
}

export function buildUnitTree(rows: { id: number; name: string; parentId: number | null }[]): THierarchy {
  const nodes = new Map<number, TUnitNode>(rows.map((r) => [r.id, { id: r.id, name: r.name, subunits: [] }]));
  const roots: TUnitNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as TUnitNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent && parent !== node) parent.subunits.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function getHierarchy(db: Database, auth: AuthContext, engagementId: number): Promise<THierarchy> {
  const engagement = await getVisibleEngagement(db, auth, engagementId);
  return buildUnitTree(await repo.loadUnits(db, engagement.id));
}
