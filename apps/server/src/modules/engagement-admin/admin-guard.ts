import type { Database } from '@ona/db';
import { forbidden } from '../../errors/api-error.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { getVisibleEngagement, isEngagementAdmin } from '../engagements/service.ts';

/**
 * The engagement for an admin tool: another organisation's (or an unknown) engagement answers 404
 * first, so that a 403 never confirms that an engagement exists; then non-admins get 403.
 */
export async function requireAdminEngagement(db: Database, auth: AuthContext, engagementId: number) {
  const engagement = await getVisibleEngagement(db, auth, engagementId);
  if (!isEngagementAdmin(auth)) throw forbidden();
  return engagement;
}
