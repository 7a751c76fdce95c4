import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { useEngagementId } from './engagement-id.ts';
import { engagementQuery } from './engagements-api.ts';

// Kept here for the pages that import it with the engagement; the survey pages take it from
// engagement-id.ts without the engagements API.
export { useEngagementId };

/** The engagement of the current route, for every page under engagements/{id}. */
export function useEngagement() {
  const engagementId = useEngagementId();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const query = useQuery({ ...engagementQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
  return { engagementId, ...query };
}
