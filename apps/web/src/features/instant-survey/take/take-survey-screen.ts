import type { TInstantParticipantSurvey } from '@ona/contracts';
import { isApiError } from '../../../shared/api/api-error.ts';

export type TTakeSurveyScreen = 'not-found' | 'loading' | 'error' | 'closed' | 'join' | 'waiting' | 'thank-you' | 'questions';

type TTakeSurveyState = {
  validId: boolean;
  /** What the last successful load gave; kept by the query when a later reload fails. */
  data: TInstantParticipantSurvey | undefined;
  error: unknown;
  /** The page has a survey user (stored locally or just joined). */
  hasUser: boolean;
};

/** Which screen take-survey/{id}.html shows, from what the participant's survey query knows. */
export function takeSurveyScreen({ validId, data, error, hasUser }: TTakeSurveyState): TTakeSurveyScreen {
  // Gone (deleted) or never shown without its code: the same answer either way.
  if (!validId || (isApiError(error) && error.status === 404)) return 'not-found';
  // A refused token is being forgotten; the page reloads without it.
  if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'loading';
  if (!data) return error ? 'error' : 'loading';
  // From here a failed reload (429, a dropped connection) keeps what is already there: a busy
  // room must not lose its question flow because one refresh did not get through.
  if (data.closed) return 'closed';
  if (!hasUser || !data.user) return 'join';
  if (data.user.finished) return 'thank-you';
  if (data.state === 'pending') return 'waiting';
  return 'questions';
}

/**
 * The question a participant resumes at: the furthest of what this device and the server
 * remember, kept inside the survey's questions. A stored index can be out of range (the host
 * removed questions of a running survey, or local storage holds junk), and the page must still
 * show a question rather than nothing.
 */
export function questionIndexWithin(questionCount: number, ...remembered: readonly (number | null | undefined)[]): number {
  if (questionCount <= 0) return 0;
  const known = remembered.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  const furthest = known.length > 0 ? Math.floor(Math.max(...known)) : 0;
  return Math.min(questionCount - 1, Math.max(0, furthest));
}
