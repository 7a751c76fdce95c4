import type { TModule } from '@ona/contracts';
import type { Database } from '@ona/db';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveAccess, type AnalyticsAccess } from './analytics-access.ts';
import { loadScope, type AnalyticsScope } from './analytics-scope.ts';
import { analysisOfRun, requireAnalysedRun, type StoredAnalysis } from './latest-result.ts';

/** The caller's access to a module of an analysed engagement: 404/403 as resolveAccess, 409 before any analysis. */
export interface AnalysedAccess {
  access: AnalyticsAccess;
  runId: number;
}

export async function analysedAccess(db: Database, auth: AuthContext, engagementId: number, module: TModule): Promise<AnalysedAccess> {
  const access = await resolveAccess(db, auth, engagementId, module);
  return { access, runId: requireAnalysedRun(access) };
}

/** What an answer is built from: read only when a kept answer is missing. */
export async function analysedView(db: Database, { access, runId }: AnalysedAccess): Promise<{ scope: AnalyticsScope; stored: StoredAnalysis }> {
  const [scope, stored] = await Promise.all([loadScope(db, access), analysisOfRun(db, access.engagement.id, runId, access.latestRunVersion)]);
  return { scope, stored };
}
