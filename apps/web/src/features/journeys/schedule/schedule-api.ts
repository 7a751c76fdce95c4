import { ZJourneyRepeat, ZJourneySchedule, type TJourneyRepeatInput, type TJourneySchedule, type TJourneyScheduleInput } from '@ona/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client.ts';

export type TStepAction = 'send-now' | 'skip';

const paths = {
  schedule: (id: number) => `/engagements/${id}/schedule/`,
  repeat: (id: number) => `/engagements/${id}/schedule/repeat/`,
  confirm: (id: number) => `/engagements/${id}/schedule/confirm/`,
  step: (id: number, stepId: number, action: TStepAction | 'move') => `/engagements/${id}/schedule/steps/${stepId}/${action}/`,
};

/** A step whose time has come but whose job has not reported yet: the timeline looks again shortly. */
export function hasStepUnderway(schedule: TJourneySchedule | undefined, now = Date.now()): boolean {
  return schedule?.steps.some((step) => step.status === 'pending' && Date.parse(step.due_at) <= now) ?? false;
}

export const scheduleQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'schedule'] as const,
    queryFn: ({ signal }) => apiRequest(paths.schedule(engagementId), ZJourneySchedule, { signal, ownForbidden: true }),
  });

export const repeatQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: ['engagements', organizationId, engagementId, 'schedule', 'repeat'] as const,
    queryFn: ({ signal }) => apiRequest(paths.repeat(engagementId), ZJourneyRepeat, { signal, ownForbidden: true }),
  });

export const saveSchedule = (id: number, body: TJourneyScheduleInput) => apiRequest(paths.schedule(id), ZJourneySchedule, { method: 'PUT', body, ownForbidden: true });
export const saveRepeat = (id: number, body: TJourneyRepeatInput) => apiRequest(paths.repeat(id), ZJourneyRepeat, { method: 'PUT', body, ownForbidden: true });
export const confirmSchedule = (id: number) => apiRequest(paths.confirm(id), ZJourneySchedule, { method: 'POST', ownForbidden: true });
export const stepAction = (id: number, stepId: number, action: TStepAction) => apiRequest(paths.step(id, stepId, action), ZJourneySchedule, { method: 'POST', ownForbidden: true });
export const moveStep = (id: number, stepId: number, localTime: string) =>
  apiRequest(paths.step(id, stepId, 'move'), ZJourneySchedule, { method: 'POST', body: { local_time: localTime }, ownForbidden: true });

/** After a schedule write: its timeline, its repeat, and the journey (its survey window follows the schedule). */
export async function refreshSchedule(queryClient: QueryClient, organizationId: number, engagementId: number): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['engagements', organizationId, engagementId] });
}
