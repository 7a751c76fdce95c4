import { ZComparableJourneys, ZRiskCalibration, type TLeaverReason } from '@ona/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';
import { useAuthStore } from '../../../shared/auth/auth-store.ts';

const calibrationKey = (organizationId: number, engagementId: number, earlierId: number) => ['engagements', organizationId, engagementId, 'risk-calibration', earlierId] as const;

/** GET /engagements/{id}/comparison/journeys/: the earlier analysed journeys and the suggested one. */
export function useComparableJourneys(engagementId: number) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: ['engagements', organizationId, engagementId, 'comparison-journeys'] as const,
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/comparison/journeys/`, ZComparableJourneys, { signal }),
  });
}

/** GET /engagements/{id}/comparison/calibration/?with=…: admins only (403 shown by the section itself). */
export function useRiskCalibration(engagementId: number, earlierId: number) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({
    queryKey: calibrationKey(organizationId, engagementId, earlierId),
    queryFn: ({ signal }) => apiRequest(`/engagements/${engagementId}/comparison/calibration/`, ZRiskCalibration, { signal, query: { with: earlierId }, ownForbidden: true }),
  });
}

/** PUT a leaver's reason; the answer is the calibration anew, so the table updates without a refetch. */
export function useSetLeaverReason(engagementId: number, earlierId: number) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, reason }: { employeeId: number; reason: TLeaverReason }) =>
      apiRequest(`/engagements/${engagementId}/comparison/leavers/${employeeId}/`, ZRiskCalibration, { method: 'PUT', body: { reason }, query: { with: earlierId } }),
    onSuccess: (calibration) => {
      queryClient.setQueryData(calibrationKey(organizationId, engagementId, earlierId), calibration);
    },
  });
}
