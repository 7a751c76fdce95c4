import {
  ACCEPT_LANGUAGE,
  type TInstantCreateUserResponse,
  type TInstantParticipantSurvey,
  type TInstantSaveAnswer,
  type TInstantSaveAnswerResponse,
  type TInstantSocketMessage,
  type TInstantSurveyUser,
} from '@ona/contracts';
import { saveSequence } from '../../shared/api/save-sequence.ts';
import { API_BASE } from '../../shared/api/api-client.ts';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE, toApiError } from '../../shared/api/api-error.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

/**
 * The participant's answers are taken as the server wrote them, without a zod check here: the
 * server writes every answer through its contracts schema (its serializer emits the schema's
 * fields only, and the API tests check each answer against the schema), and the participant's
 * small entry stays free of zod, a fifth of its weight (docs/first-loads.md). What is checked is
 * that an answer is a JSON object at all: a proxy's HTML page is an invalid answer, not a survey.
 */
function fromServer<T>(payload: unknown, status: number): T {
  if (typeof payload !== 'object' || payload === null) throw new ApiError(status, { detail: 'Unexpected answer from the server', code: INVALID_RESPONSE_CODE });
  return payload as T;
}

/** A live message of the survey's socket, trusted as above; anything without a `type` is ignored. */
export function readLiveMessage(data: unknown): TInstantSocketMessage | null {
  return typeof data === 'object' && data !== null && 'type' in data && typeof data.type === 'string' ? (data as TInstantSocketMessage) : null;
}

/**
 * Participant calls carry `Authorization: InstantToken …` (DECISIONS.md). They go around the shared
 * client on purpose: a 401 here means "join again", not "the host's session expired", so it must
 * not log anybody out.
 */
async function participantRequest<T>(path: string, token: string | null, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
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
  return fromServer<T>(payload, response.status);
}

/**
 * The participant's view with their token; without one, the title and state, which the server
 * shows only with the survey's code (the link carries it). `surveyId` is the survey's public id.
 */
export function fetchParticipantSurvey(surveyId: string, token: string | null, code: string | null): Promise<TInstantParticipantSurvey> {
  const query = !token && code ? `?code=${encodeURIComponent(code)}` : '';
  return participantRequest<TInstantParticipantSurvey>(`/instant-survey/surveys/${surveyId}/${query}`, token);
}

/** Joining needs the proof that the participant was given the survey: its code, or the token of an invitation link. */
export const joinSurvey = (surveyId: string, name: string, proof: { code: string | null; invitationToken: string | null }): Promise<TInstantCreateUserResponse> =>
  participantRequest<TInstantCreateUserResponse>(`/instant-survey/surveys/${surveyId}/create-user/`, null, {
    method: 'POST',
    body: { name, ...(proof.code ? { survey_code: proof.code } : {}), ...(proof.invitationToken ? { invitation_token: proof.invitationToken } : {}) },
  });

/** The answer returned is the stored one: the newer answer when this save arrived after it. */
export const saveParticipantAnswer = async (surveyId: string, token: string, body: TInstantSaveAnswer): Promise<TInstantSaveAnswerResponse> => {
  const saved = await participantRequest<TInstantSaveAnswerResponse>(`/instant-survey/surveys/${surveyId}/save-answer/`, token, { method: 'POST', body: { ...body, sequence: body.sequence ?? saveSequence.next() } });
  saveSequence.observe(saved.answer.sequence);
  return saved;
};

export const finishParticipant = (surveyId: string, token: string, currentQuestionIndex: number): Promise<TInstantSurveyUser> =>
  participantRequest<TInstantSurveyUser>(`/instant-survey/surveys/${surveyId}/finish/`, token, { method: 'POST', body: { current_question_index: currentQuestionIndex } });
