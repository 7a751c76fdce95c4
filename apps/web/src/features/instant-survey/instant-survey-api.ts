import {
  ZInstantCodeLoginResponse,
  ZInstantCustomTemplate,
  ZInstantGroup,
  ZInstantInvitationResult,
  ZInstantSurvey,
  ZInstantSurveyList,
  ZInstantTemplateGroup,
  ZInstantUser,
  type TInstantCodeLoginResponse,
  type TInstantGroupInput,
  type TInstantSaveAndStart,
  type TInstantSurvey,
  type TInstantSurveyInput,
  type TInstantUserInput,
} from '@ona/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../shared/api/api-client.ts';

/** The host's calls (signed in with the general login token). */

export type TSurveyCodeLogin = TInstantCodeLoginResponse;

export function loginWithSurveyCode(surveyCode: string): Promise<TSurveyCodeLogin> {
  return apiRequest('/instant-survey/surveys/login-with-survey-code/', ZInstantCodeLoginResponse, {
    method: 'POST',
    body: { survey_code: surveyCode },
    anonymous: true,
  });
}

export const INSTANT_KEY = 'instant-survey';
export const SURVEY_PAGE_SIZE = 25;

export const surveysQuery = (page: number) =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'surveys', page] as const,
    queryFn: ({ signal }) => apiRequest('/instant-survey/surveys/', ZInstantSurveyList, { signal, query: { page, page_size: SURVEY_PAGE_SIZE } }),
  });

export const surveyQuery = (surveyId: number) =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'survey', surveyId] as const,
    queryFn: ({ signal }) => apiRequest(`/instant-survey/surveys/${surveyId}/`, ZInstantSurvey, { signal }),
  });

export const templateGroupsQuery = () =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'templates', 'groups'] as const,
    queryFn: ({ signal }) => apiRequest('/instant-survey/templates/groups/', ZInstantTemplateGroup.array(), { signal }),
  });

export const customTemplatesQuery = () =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'templates', 'custom'] as const,
    queryFn: ({ signal }) => apiRequest('/instant-survey/templates/custom/', ZInstantCustomTemplate.array(), { signal }),
  });

export const usersQuery = () =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'users'] as const,
    queryFn: ({ signal }) => apiRequest('/instant-survey/users/', ZInstantUser.array(), { signal }),
  });

export const groupsQuery = () =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'groups'] as const,
    queryFn: ({ signal }) => apiRequest('/instant-survey/groups/', ZInstantGroup.array(), { signal }),
  });

export const groupQuery = (groupId: number) =>
  queryOptions({
    queryKey: [INSTANT_KEY, 'groups', groupId] as const,
    queryFn: ({ signal }) => apiRequest(`/instant-survey/groups/${groupId}/`, ZInstantGroup, { signal }),
  });

export const saveSurvey = (input: TInstantSurveyInput & { id?: number | undefined }): Promise<TInstantSurvey> => {
  const { id, ...body } = input;
  return id === undefined
    ? apiRequest('/instant-survey/surveys/', ZInstantSurvey, { method: 'POST', body })
    : apiRequest(`/instant-survey/surveys/${id}/`, ZInstantSurvey, { method: 'PUT', body });
};
export const saveAndStartSurvey = (input: TInstantSaveAndStart) => apiRequest('/instant-survey/surveys/start-survey/', ZInstantSurvey, { method: 'POST', body: input });
export const startSurvey = (id: number) => apiRequest(`/instant-survey/surveys/${id}/start-survey/`, ZInstantSurvey, { method: 'POST' });
export const closeSurvey = (id: number) => apiRequest(`/instant-survey/surveys/${id}/close-survey/`, ZInstantSurvey, { method: 'POST' });
export const deleteSurvey = (id: number) => apiSend(`/instant-survey/surveys/${id}/`, { method: 'DELETE' });
export const sendAllInvitations = (id: number) => apiRequest(`/instant-survey/surveys/${id}/send-invitation-emails/`, ZInstantInvitationResult, { method: 'POST' });
export const sendSingleInvitation = (id: number, participantId: number) =>
  apiRequest(`/instant-survey/surveys/${id}/send-single-invitation/`, ZInstantInvitationResult, { method: 'POST', body: { participant_id: participantId } });

export const createUser = (input: TInstantUserInput) => apiRequest('/instant-survey/users/', ZInstantUser, { method: 'POST', body: input });
export const updateUser = (id: number, input: TInstantUserInput) => apiRequest(`/instant-survey/users/${id}/`, ZInstantUser, { method: 'PUT', body: input });
export const deleteUser = (id: number) => apiSend(`/instant-survey/users/${id}/`, { method: 'DELETE' });
export const createGroup = (input: TInstantGroupInput) => apiRequest('/instant-survey/groups/', ZInstantGroup, { method: 'POST', body: input });
export const updateGroup = (id: number, input: TInstantGroupInput) => apiRequest(`/instant-survey/groups/${id}/`, ZInstantGroup, { method: 'PUT', body: input });
export const deleteGroup = (id: number) => apiSend(`/instant-survey/groups/${id}/`, { method: 'DELETE' });
