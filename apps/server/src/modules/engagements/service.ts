import { MODULES, type TEngagement, type THierarchy, type TUnitNode } from '@ona/contracts';
import type { Database, tables } from '@ona/db';
import { forbidden, notFound } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { accessMapFromRows, involvedEmployeeCount } from './access-scope.ts';
import { journeyState } from './journey-state.ts';
import * as repo from './repository.ts';

export function isEngagementAdmin(auth: AuthContext): boolean {
  return auth.permissions.includes('engagement_admin');
}

type EngagementRow = typeof tables.engagements.$inferSelect;

async function describeEngagement(
  db: Database,
  auth: AuthContext,
  engagement: EngagementRow,
  counts: { participants: number; respondents: number },
  analysed: boolean,
): Promise<TEngagement> {
  const access = accessMapFromRows(await repo.loadAccessRows(db, engagement.id, auth.user.id));
  const tree = await repo.loadLeaderTree(db, engagement.id);
  const leaderOf = new Map(tree.map((e) => [e.id, e.leaderId] as const));
  const ownEmployeeId = tree.find((e) => e.userId === auth.user.id)?.id ?? null;
  const { questionCount } = await repo.engagementCounts(db, engagement.id);
  const participation = ownEmployeeId === null ? undefined : await repo.findParticipation(db, engagement.id, ownEmployeeId);
  const withCount = (level: TEngagement['leader_reports']['access_level']) => ({
    access_level: level,
    involved_employee_count: involvedEmployeeCount(level, ownEmployeeId, leaderOf),
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
      question_count: questionCount,
      last_question_id: participation?.lastQuestionId ?? null,
      terms_accepted: participation?.termsAcceptedAt != null,
      finished: participation?.finishedAt != null,
    },
    graph_visualization: { access_level: access.graph_visualization, answer_count: counts.respondents },
    leader_reports: withCount(access.leader_reports),
    retention_analytics: withCount(access.retention_analytics),
    individual_reports: withCount(access.individual_reports),
    executive_reports: withCount(access.executive_reports),
    analytics360_reports: withCount(access.analytics360_reports),
    key_people_analytics: { access_level: access.key_people_analytics },
    statistics: { access_level: access.statistics },
    is_admin: isEngagementAdmin(auth),
    state: journeyState(engagement, { analysed }),
    modules: engagement.modules.filter((m): m is TEngagement['modules'][number] => (MODULES as readonly string[]).includes(m)),
    previous_engagement_id: engagement.previousEngagementId,
    closed_at: engagement.closedAt?.toISOString() ?? null,
    archived: engagement.archivedAt !== null,
    has_answers: counts.respondents > 0,
  };
}

/** The journeys list; `archived` lists the archived ones instead (engagement admins only). */
export async function listEngagements(db: Database, auth: AuthContext, archived = false): Promise<TEngagement[]> {
  if (archived && !isEngagementAdmin(auth)) throw forbidden();
  const rows = await repo.listVisibleEngagements(db, auth.organizationId, auth.user.id, isEngagementAdmin(auth), archived ? 'archived' : 'current');
  const counts = await repo.respondentCounts(db, rows.map((r) => r.id));
  const analysed = await repo.analysedEngagementIds(db, rows.map((r) => r.id));
  const result: TEngagement[] = [];
  for (const row of rows) {
    result.push(await describeEngagement(db, auth, row, counts.get(row.id) ?? { participants: 0, respondents: 0 }, analysed.has(row.id)));
  }
  return result;
}

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

export async function getEngagement(db: Database, auth: AuthContext, engagementId: number): Promise<TEngagement> {
  const engagement = await getVisibleEngagement(db, auth, engagementId);
  const counts = await repo.respondentCounts(db, [engagement.id]);
  const analysed = await repo.analysedEngagementIds(db, [engagement.id]);
  return describeEngagement(db, auth, engagement, counts.get(engagement.id) ?? { participants: 0, respondents: 0 }, analysed.has(engagement.id));
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
