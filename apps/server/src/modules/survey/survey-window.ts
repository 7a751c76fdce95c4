import { ApiError } from '../../errors/api-error.ts';

/** Today's date in UTC (`YYYY-MM-DD`), the same calendar for every server instance. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** access_from and access_till are both days on which answering is allowed. */
export function isSurveyOpen(window: { accessFrom: string; accessTill: string }, today: string = todayUtc()): boolean {
  return window.accessFrom <= today && today <= window.accessTill;
}

/** 409 `survey_closed` with a message that says when the survey opens or when it closed. */
export function assertSurveyOpen(window: { accessFrom: string; accessTill: string }, today: string = todayUtc()): void {
  const params = { from: window.accessFrom, till: window.accessTill };
  if (today < window.accessFrom) throw new ApiError(409, 'survey_closed', 'survey.errors.survey_not_open_yet', undefined, params);
  if (today > window.accessTill) throw new ApiError(409, 'survey_closed', 'survey.errors.survey_closed', undefined, params);
}

/** The questionnaire may change until the first answer or the first day of the survey. */
export function isQuestionnaireEditable(window: { accessFrom: string }, answerCount: number, today: string = todayUtc()): boolean {
  return answerCount === 0 && today < window.accessFrom;
}
