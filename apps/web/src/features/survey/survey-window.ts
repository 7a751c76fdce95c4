import type { TEmployeeSurvey } from '@ona/contracts';
import { engagementPeriod, localToday, type TEngagementPeriod } from '../engagements/engagement-period.ts';

/** Where today falls in the survey's access window (for the intro's message). */
export function surveyPeriod(survey: Pick<TEmployeeSurvey, 'access_from' | 'access_till'>, today = localToday()): TEngagementPeriod {
  return engagementPeriod(survey.access_from, survey.access_till, today);
}

/** Answers can change while the survey is open, even after Finish (the server allows it). */
export function canAnswer(survey: Pick<TEmployeeSurvey, 'is_open'>): boolean {
  return survey.is_open;
}
