import type { TModule } from '@ona/contracts';
import type { Database } from '@ona/db';
import type { AuthContext } from '../../plugins/auth.ts';
import { resolveAccess, type AnalyticsAccess } from './analytics-access.ts';
import { loadScope, type AnalyticsScope } from './analytics-scope.ts';
import { analysisOfRun, requireAnalysedRun, type ResultOf, type ResultSection, type SectionPath, type StoredAnalysis } from './latest-result.ts';

/** The caller's access to a module of an analysed engagement: 404/403 as resolveAccess, 409 before any analysis. */
export interface AnalysedAccess {
  access: AnalyticsAccess;
  runId: number;
}

export async function analysedAccess(db: Database, auth: AuthContext, engagementId: number, module: TModule): Promise<AnalysedAccess> {
  const access = await resolveAccess(db, auth, engagementId, module);
  return { access, runId: requireAnalysedRun(access) };
}

/**
 * What an answer is built from: the sections of the run it names (no default of "everything", so
 * that a new reader says what it reads; docs/analysis-result-parts.md); read only when a kept
 * answer is missing.
 */
export async function analysedView<S extends ResultSection>(
  db: Database,
  { access, runId }: AnalysedAccess,
  sections: readonly SectionPath<S>[],
): Promise<{ scope: AnalyticsScope; stored: StoredAnalysis<ResultOf<S>> }> {
  const [scope, stored] = await Promise.all([loadScope(db, access), analysisOfRun(db, access.engagement.id, runId, access.latestRunVersion, sections)]);
  return { scope, stored };
}
