import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useAuthStore } from '../../shared/auth/auth-store.ts';
import { parseEngagementId } from './engagement-id.ts';
import { engagementQuery } from './engagements-api.ts';

export function useEngagementId(): number | null {
  return parseEngagementId(useParams().engagementId);
}

/** The engagement of the current route, for every page under engagements/{id}. */
export function useEngagement() {
  const engagementId = useEngagementId();
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const query = useQuery({ ...engagementQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
  return { engagementId, ...query };
}
