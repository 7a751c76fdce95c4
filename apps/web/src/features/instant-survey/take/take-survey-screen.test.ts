import { describe, expect, it } from 'vitest';
import type { TInstantParticipantSurvey } from '@ona/contracts';
import { ApiError, NETWORK_ERROR_CODE } from '../../../shared/api/api-error.ts';
import { questionIndexWithin, takeSurveyScreen } from './take-survey-screen.ts';

const user = { id: 7, name: 'Petra', survey: '5b0c4a9e-2f7d-4c1a-9e3b-8d6f1a2b3c4d', current_question_index: 2, finished: false };
const started: TInstantParticipantSurvey = { id: '5b0c4a9e-2f7d-4c1a-9e3b-8d6f1a2b3c4d', title: 'Team day', state: 'started', closed: false, questions: [], participants: [], answers: [], user };
const screen = (overrides: Partial<Parameters<typeof takeSurveyScreen>[0]>) => takeSurveyScreen({ validId: true, data: started, error: null, hasUser: true, ...overrides });

describe('the take-survey screen', () => {
  it('keeps the question flow when a reload fails (429 or network) while the survey is already there', () => {
    expect(screen({ error: new ApiError(429, { code: 'too_many_requests', detail: 'Too many requests' }) })).toBe('questions');
    expect(screen({ error: new ApiError(0, { code: NETWORK_ERROR_CODE, detail: 'Network error' }) })).toBe('questions');
  });

  it('shows the error only when nothing has loaded yet', () => {
    expect(screen({ data: undefined, error: new ApiError(0, { code: NETWORK_ERROR_CODE, detail: 'Network error' }) })).toBe('error');
    expect(screen({ data: undefined })).toBe('loading');
  });

  it('sends a participant who has finished to the thank-you page', () => {
    expect(screen({ data: { ...started, user: { ...user, finished: true } } })).toBe('thank-you');
  });

  it('a deleted survey or one opened without its code is not found; a closed one says so', () => {
    expect(screen({ error: new ApiError(404, { code: 'survey_not_found', detail: 'Not found' }) })).toBe('not-found');
    expect(screen({ validId: false })).toBe('not-found');
    expect(screen({ data: { ...started, state: 'closed', closed: true } })).toBe('closed');
  });

  it('asks for a name before joining and waits while the survey is pending', () => {
    expect(screen({ hasUser: false, data: { id: '5b0c4a9e-2f7d-4c1a-9e3b-8d6f1a2b3c4d', title: 'Team day', state: 'started', closed: false } })).toBe('join');
    expect(screen({ data: { ...started, state: 'pending' } })).toBe('waiting');
  });
});

describe('the question a participant resumes at', () => {
  it('is the furthest this device or the server remembers', () => {
    expect(questionIndexWithin(5, 1, 3)).toBe(3);
    expect(questionIndexWithin(5, 4, undefined)).toBe(4);
  });

  it('stays inside the questions when they became fewer or the stored index is junk', () => {
    expect(questionIndexWithin(3, 7, 2)).toBe(2);
    expect(questionIndexWithin(3, -4, null)).toBe(0);
    expect(questionIndexWithin(3, Number.NaN, Number.POSITIVE_INFINITY)).toBe(0);
    expect(questionIndexWithin(3, 1.7)).toBe(1);
  });

  it('is 0 for a survey without questions', () => {
    expect(questionIndexWithin(0, 3)).toBe(0);
  });
});
