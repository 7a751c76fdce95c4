import type { TGraphVisualizationQuery } from '@ona/contracts';
import { and, eq, tables, type Database } from '@ona/db';
import { forbidden } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { accessMapFromRows } from '../engagements/access-scope.ts';
import { loadAccessRows } from '../engagements/repository.ts';
import { getVisibleEngagement } from '../engagements/service.ts';
import { requestedFilters } from './graph-filters.ts';
import type { GraphRequest, GraphViewer } from './graph-view.ts';

/** The engagement and how the caller sees its graph (`graph_visualization` level); 403 without access. */
export async function resolveGraphViewer(db: Database, auth: AuthContext, engagementId: number): Promise<{ engagement: Awaited<ReturnType<typeof getVisibleEngagement>>; viewer: GraphViewer }> {
  const engagement = await getVisibleEngagement(db, auth, engagementId);
  const level = accessMapFromRows(await loadAccessRows(db, engagement.id, auth.user.id)).graph_visualization;
  if (level !== 'self_only' && level !== 'subtree' && level !== 'all_access') throw forbidden();
  const [own] = await db
    .select({ id: tables.employees.id })
    .from(tables.employees)
    .where(and(eq(tables.employees.engagementId, engagement.id), eq(tables.employees.userId, auth.user.id)))
    .limit(1);
  return { engagement, viewer: { level, ownEmployeeId: own?.id ?? null } };
}

/** The query of the graph view (and of its export) as the view builder's request. */
export function graphRequest(query: TGraphVisualizationQuery): GraphRequest {
  return {
    graphType: query.graph_type ?? null,
    units: query.unit,
    employees: query.employee,
    edges: query.edges,
    filters: requestedFilters(query),
  };
}
