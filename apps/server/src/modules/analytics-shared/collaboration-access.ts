import type { TModule } from '@ona/contracts';
import type { Database } from '@ona/db';
import type { AuthContext } from '../../plugins/auth.ts';
import { analysedAccess, type AnalysedAccess } from './analysed-view.ts';

const LEVEL_RANK = { self_only: 0, subtree: 1, all_access: 2 } as const;

/**
 * The caller's access to a page's figures, for the survey networks or the collaboration network.
 * Individual collaboration figures need the same right as individual reports (issue 33; see
 * docs/collaboration-network.md, "In the analysis"): for the collaboration network both the page's
 * module and `individual_reports` must be open to the caller, and the narrower scope applies.
 */
export async function networkAccess(db: Database, auth: AuthContext, engagementId: number, module: TModule, collaboration: boolean): Promise<AnalysedAccess> {
  const found = await analysedAccess(db, auth, engagementId, module);
  if (!collaboration) return found;
  const individual = await analysedAccess(db, auth, engagementId, 'individual_reports');
  return LEVEL_RANK[individual.access.level] < LEVEL_RANK[found.access.level] ? individual : found;
}
