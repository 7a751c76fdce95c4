import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_KINDS, type QuestionKind } from '@ona/analytics';
import { ZDeclaredWorking, ZIdParams, type TModule } from '@ona/contracts';
import { and, eq, tables, type Database } from '@ona/db';
import { requireAuth } from '../../plugins/auth.ts';
import { analysedAccess, analysedView } from '../analytics-shared/analysed-view.ts';
import { visibleEmployees, type AnalyticsScope } from '../analytics-shared/analytics-scope.ts';
import { resolveMinGroupSize, type AnalyticsRouteOptions } from '../analytics-shared/privacy.ts';
import { analyticsErrors } from '../analytics-shared/route-schemas.ts';
import { accessMapFromRows, type ModuleAccessMap } from '../engagements/access-scope.ts';
import { loadAccessRows } from '../engagements/repository.ts';
import { DECLARED_WORKING_SECTIONS, declaredWorkingView, type SeeingIn } from './declared-working-view.ts';

/** Engine ids of the journey's questions of the `work` network (the work question kinds). */
async function workQuestionIds(db: Database, engagementId: number): Promise<Set<string>> {
  const rows = await db.select({ id: tables.questions.id, kind: tables.questions.kind }).from(tables.questions).where(and(eq(tables.questions.engagementId, engagementId)));
  const work = new Set<string>(WORK_KINDS);
  return new Set(rows.filter((row) => work.has(row.kind as QuestionKind)).map((row) => String(row.id)));
}

function seeingIn(scope: AnalyticsScope, access: ModuleAccessMap, module: TModule): SeeingIn {
  const level = access[module];
  if (level !== 'self_only' && level !== 'subtree' && level !== 'all_access') return { level: null, visible: new Set() };
  return { level, visible: visibleEmployees(level, scope.ownEmployeeId, scope.employees) };
}

const LEVEL_RANK = { self_only: 0, subtree: 1, all_access: 2 } as const;

/** Both rights at once: the narrower level, the people both let the caller see (none without either). */
function narrower(a: SeeingIn, b: SeeingIn): SeeingIn {
  if (a.level === null || b.level === null) return { level: null, visible: new Set() };
  return { level: LEVEL_RANK[a.level] <= LEVEL_RANK[b.level] ? a.level : b.level, visible: new Set([...a.visible].filter((id) => b.visible.has(id))) };
}

/**
 * Declared against working network (docs/collaboration-network.md). Access follows the key people
 * module, as the Metrics page (the centralities compared are the Metrics page's); people are named
 * only with the individual reports right, ties drawn only as far as the graph view's right and the
 * individual reports right both go (the collaboration ties of the graph view need both, collaboration-access.ts).
 */
export const declaredWorkingRoutes: FastifyPluginAsyncZod<AnalyticsRouteOptions> = async (app, options) => {
  const thresholdOf = resolveMinGroupSize(options);

  app.get('/engagements/:id/declared-vs-working/', {
    onRequest: app.authenticate,
    schema: {
      tags: ['collaboration'],
      summary: 'The survey’s work network against the collaboration network of the latest analysis: degrees side by side, “named but not met” and “met but not named” pairs per unit, rank correlations, people central in one and peripheral in the other, and both networks drawn together',
      description:
        'collaboration is null (and everything else empty) when the run holds no collaboration data. Unit counts are withheld below the anonymity threshold and by difference protection; people are named only with the individual reports right; the graph follows the graph view’s right (none at self_only). Another organisation’s journey: 404; before any analysis: 409.',
      params: ZIdParams,
      response: { 200: ZDeclaredWorking, ...analyticsErrors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const found = await analysedAccess(app.db, auth, request.params.id, 'key_people_analytics');
    const { scope, stored } = await analysedView(app.db, found, DECLARED_WORKING_SECTIONS);
    const [accessRows, workIds] = await Promise.all([loadAccessRows(app.db, scope.engagement.id, auth.user.id), workQuestionIds(app.db, scope.engagement.id)]);
    const access = accessMapFromRows(accessRows);
    return declaredWorkingView({
      scope,
      individual: seeingIn(scope, access, 'individual_reports'),
      graph: narrower(seeingIn(scope, access, 'graph_visualization'), seeingIn(scope, access, 'individual_reports')),
      stored,
      workQuestionIds: workIds,
      minimum: thresholdOf(scope.engagement),
    });
  });
};
