import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEmployeeSurvey, TSurveyAnswer } from '@ona/contracts';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';
import { asServerWrote } from '../../shared/api/as-server-wrote.ts';
import { saveSequence } from '../../shared/api/save-sequence.ts';
import { useAuthStore } from '../../shared/auth/auth-store.ts';

// Taken as the server wrote them: the survey pages stay free of zod (as-server-wrote.ts).
const ZEmployeeSurvey = asServerWrote<TEmployeeSurvey>();
const ZSurveyAnswer = asServerWrote<TSurveyAnswer>();

const base = (engagementId: number) => `/engagements/${engagementId}/survey/`;

export const surveyQueryKey = (organizationId: number, engagementId: number) => ['engagements', organizationId, engagementId, 'survey'] as const;

export const surveyQuery = (organizationId: number, engagementId: number) =>
  queryOptions({
    queryKey: surveyQueryKey(organizationId, engagementId),
    queryFn: async ({ signal }) => {
      const survey = await apiRequest(base(engagementId), ZEmployeeSurvey, { signal, ownForbidden: true });
      // Saves from this device continue above what another device stored.
      for (const answer of survey.answers) saveSequence.observe(answer.sequence);
      return survey;
    },
    // Answers change only through this tab; refetching under the user would undo a pending choice.
    staleTime: Infinity,
  });

export function useSurveyQueryKey(engagementId: number) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return surveyQueryKey(organizationId, engagementId);
}

export function useEmployeeSurvey(engagementId: number | null) {
  const organizationId = useAuthStore((state) => state.user?.organization.id ?? 0);
  return useQuery({ ...surveyQuery(organizationId, engagementId ?? 0), enabled: engagementId !== null });
}

export function useInvalidateSurvey(engagementId: number) {
  const queryClient = useQueryClient();
  const key = useSurveyQueryKey(engagementId);
  return () => queryClient.invalidateQueries({ queryKey: key });
}

/** The consent tick, naming the privacy notice version shown beside it (recorded with the acceptance). */
export const acceptTerms = (engagementId: number, privacyNoticeVersion?: number) =>
  apiSend(`${base(engagementId)}accept-terms/`, { method: 'POST', body: privacyNoticeVersion === undefined ? {} : { privacy_notice_version: privacyNoticeVersion } });
export const finishSurvey = (engagementId: number) => apiSend(`${base(engagementId)}finish-survey/`);

/** Each attempt carries a fresh, larger sequence: a late earlier attempt can then never overwrite it. */
export const saveAnswer = (engagementId: number, questionId: number, selectedUsers: number[]) =>
  apiRequest(`${base(engagementId)}answers/${questionId}/`, ZSurveyAnswer, { method: 'PUT', body: { selected_users: selectedUsers, sequence: saveSequence.next() } }).then((saved) => {
    saveSequence.observe(saved.sequence);
  });

export type { TEmployeeSurvey, TSurveyAnswer, TSurveyQuestion, TSurveyUser } from '@ona/contracts';
