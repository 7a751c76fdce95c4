import { ApiError, conflict } from '../../errors/api-error.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { todayUtc } from '../survey/survey-window.ts';

/** 400 with the date problem under the field it belongs to; the code names the first problem. */
function dateError(code: string, field: 'access_from' | 'access_till', key: MessageKey, params: Record<string, string> = {}): ApiError {
  return new ApiError(400, code, 'journeys.errors.invalid_journey', { [field]: [key] }, params);
}

/** A new journey (or a next wave): its end not before its start, and not already past. */
export function checkNewJourneyDates(dates: { access_from: string; access_till: string }, today: string = todayUtc()): void {
  if (dates.access_till < dates.access_from) throw dateError('dates_reversed', 'access_till', 'journeys.errors.dates_reversed');
  if (dates.access_till < today) throw dateError('end_date_in_past', 'access_till', 'journeys.errors.end_date_in_past');
}

/**
 * What an edit may do to the dates once the journey exists (docs/journeys.md):
 * - access_from only while nobody has answered (409 `access_from_locked` afterwards);
 * - access_till any time, but not moved into the past ("Close now" ends a survey early);
 * - the end never before the start.
 * A value sent unchanged is no change, so a form that sends every field still saves a name.
 */
export function checkDateEdit(
  stored: { accessFrom: string; accessTill: string },
  edit: { access_from?: string | undefined; access_till?: string | undefined },
  hasAnswers: boolean,
  today: string = todayUtc(),
): { accessFrom: string; accessTill: string } {
  const accessFrom = edit.access_from ?? stored.accessFrom;
  const accessTill = edit.access_till ?? stored.accessTill;
  if (accessFrom !== stored.accessFrom && hasAnswers) throw conflict('access_from_locked', 'journeys.errors.access_from_locked');
  if (accessTill < accessFrom) throw dateError('dates_reversed', 'access_till', 'journeys.errors.dates_reversed');
  if (accessTill !== stored.accessTill && accessTill < today) throw dateError('end_date_in_past', 'access_till', 'journeys.errors.end_date_moved_into_past');
  return { accessFrom, accessTill };
}
