import {
  ACCEPT_LANGUAGE,
  ZInstantCreateUserResponse,
  ZInstantFinishResponse,
  ZInstantParticipantSurvey,
  ZInstantSaveAnswerResponse,
  type TInstantCreateUserResponse,
  type TInstantParticipantSurvey,
  type TInstantSaveAnswer,
  type TInstantSaveAnswerResponse,
  type TInstantSurveyUser,
} from '@ona/contracts';
import { saveSequence } from '../../shared/api/save-sequence.ts';
import { API_BASE, type TSchema } from '../../shared/api/api-client.ts';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, toApiError } from '../../shared/api/api-error.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

/**
 * Participant calls carry `Authorization: InstantToken …` (DECISIONS.md). They go around the shared
 * client on purpose: a 401 here means "join again", not "the host's session expired", so it must
 * not log anybody out.
 */
async function participantRequest<T>(path: string, schema: TSchema<T>, token: string | null, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': ACCEPT_LANGUAGE[activeLocale()] });
  if (token) headers.set('Authorization', `InstantToken ${token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? null : JSON.stringify(init.body) });
  } catch {
    throw new ApiError(0, { detail: 'Network error', code: NETWORK_ERROR_CODE });
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = text;
  }
  if (!response.ok) throw toApiError(response.status, payload, response.statusText);
  try {
    return schema.parse(payload);
  } catch {
    throw new ApiError(response.status, { detail: 'Unexpected answer from the server', code: INVALID_RESPONSE_CODE });
  }
}

/**
 * The participant's view with their token; without one, the title and state, which the server
 * shows only with the survey's code (the link carries it). `surveyId` is the survey's public id.
 */
export function fetchParticipantSurvey(surveyId: string, token: string | null, code: string | null): Promise<TInstantParticipantSurvey> {
  const query = !token && code ? `?code=${encodeURIComponent(code)}` : '';
  return participantRequest(`/instant-survey/surveys/${surveyId}/${query}`, ZInstantParticipantSurvey, token);
}

/** Joining needs the proof that the participant was given the survey: its code, or the token of an invitation link. */
export const joinSurvey = (surveyId: string, name: string, proof: { code: string | null; invitationToken: string | null }): Promise<TInstantCreateUserResponse> =>
  participantRequest(`/instant-survey/surveys/${surveyId}/create-user/`, ZInstantCreateUserResponse, null, {
    method: 'POST',
    body: { name, ...(proof.code ? { survey_code: proof.code } : {}), ...(proof.invitationToken ? { invitation_token: proof.invitationToken } : {}) },
  });

/** The answer returned is the stored one: the newer answer when this save arrived after it. */
export const saveParticipantAnswer = async (surveyId: string, token: string, body: TInstantSaveAnswer): Promise<TInstantSaveAnswerResponse> => {
  const saved = await participantRequest(`/instant-survey/surveys/${surveyId}/save-answer/`, ZInstantSaveAnswerResponse, token, { method: 'POST', body: { ...body, sequence: body.sequence ?? saveSequence.next() } });
  saveSequence.observe(saved.answer.sequence);
  return saved;
};

export const finishParticipant = (surveyId: string, token: string, currentQuestionIndex: number): Promise<TInstantSurveyUser> =>
  participantRequest(`/instant-survey/surveys/${surveyId}/finish/`, ZInstantFinishResponse, token, { method: 'POST', body: { current_question_index: currentQuestionIndex } });
