import { ApiError } from '../../errors/api-error.ts';

/** Today's date in UTC (`YYYY-MM-DD`), the same calendar for every server instance. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The survey window of a journey; `closedAt` is an admin's "Close now" before access_till. */
export interface SurveyWindow {
  accessFrom: string;
  accessTill: string;
  closedAt?: Date | null;
}

/** access_from and access_till are both days on which answering is allowed, unless an admin closed it. */
export function isSurveyOpen(window: SurveyWindow, today: string = todayUtc()): boolean {
  return !window.closedAt && window.accessFrom <= today && today <= window.accessTill;
}

/** 409 `survey_closed` with a message that says when the survey opens or when it closed. */
export function assertSurveyOpen(window: SurveyWindow, today: string = todayUtc()): void {
  const params = { from: window.accessFrom, till: window.accessTill };
  // "Close now" ends the survey on the day it was pressed; the message names that day.
  if (window.closedAt) throw new ApiError(409, 'survey_closed', 'survey.errors.survey_closed', undefined, { ...params, till: todayUtc(window.closedAt) });
  if (today < window.accessFrom) throw new ApiError(409, 'survey_closed', 'survey.errors.survey_not_open_yet', undefined, params);
  if (today > window.accessTill) throw new ApiError(409, 'survey_closed', 'survey.errors.survey_closed', undefined, params);
}

/**
 * 409 `survey_closed` once the survey has ended (its last day passed or an admin closed it):
 * invitations and reminders before the first day are fine (people are told ahead), after the end
 * they would invite people to a survey that refuses their answers.
 */
export function assertSurveyNotEnded(window: SurveyWindow, today: string = todayUtc()): void {
  if (window.closedAt || today > window.accessTill) assertSurveyOpen(window, today);
}

/** The questionnaire may change until the first answer or the first day of the survey. */
export function isQuestionnaireEditable(window: { accessFrom: string }, answerCount: number, today: string = todayUtc()): boolean {
  return answerCount === 0 && today < window.accessFrom;
}
