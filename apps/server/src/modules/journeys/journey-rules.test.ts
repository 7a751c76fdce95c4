import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/api-error.ts';
import { assertSurveyOpen, isSurveyOpen } from '../survey/survey-window.ts';
import { checkDateEdit, checkNewJourneyDates } from './journey-rules.ts';

const TODAY = '2026-06-10';
const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.statusCode} ${error.code}`;
    throw error;
  }
  return undefined;
};

describe('dates of a new journey', () => {
  it('accepts an end today or later, refuses reversed dates before a past end', () => {
    expect(codeOf(() => checkNewJourneyDates({ access_from: '2026-06-01', access_till: TODAY }, TODAY))).toBeUndefined();
    expect(codeOf(() => checkNewJourneyDates({ access_from: '2026-06-20', access_till: '2026-06-19' }, TODAY))).toBe('400 dates_reversed');
    expect(codeOf(() => checkNewJourneyDates({ access_from: '2026-06-01', access_till: '2026-06-09' }, TODAY))).toBe('400 end_date_in_past');
  });
});

describe('dates of an existing journey', () => {
  const stored = { accessFrom: '2026-06-01', accessTill: '2026-06-05' };
  it('lets an unchanged past end stand, and refuses moving the end into the past', () => {
    expect(checkDateEdit(stored, { access_from: stored.accessFrom, access_till: stored.accessTill }, true, TODAY)).toEqual(stored);
    expect(codeOf(() => checkDateEdit(stored, { access_till: '2026-06-08' }, false, TODAY))).toBe('400 end_date_in_past');
    expect(checkDateEdit(stored, { access_till: '2026-06-30' }, true, TODAY)).toEqual({ accessFrom: '2026-06-01', accessTill: '2026-06-30' });
  });
  it('moves the start only while nobody has answered, never after the end', () => {
    expect(codeOf(() => checkDateEdit(stored, { access_from: '2026-06-02' }, true, TODAY))).toBe('409 access_from_locked');
    expect(checkDateEdit(stored, { access_from: '2026-06-02' }, false, TODAY).accessFrom).toBe('2026-06-02');
    expect(codeOf(() => checkDateEdit(stored, { access_from: '2026-06-06' }, false, TODAY))).toBe('400 dates_reversed');
  });
});

describe('the survey window with "Close now"', () => {
  it('is closed from the moment closed_at is set, inside its dates too', () => {
    const window = { accessFrom: '2026-06-01', accessTill: '2026-06-30' };
    expect(isSurveyOpen(window, TODAY)).toBe(true);
    expect(isSurveyOpen({ ...window, closedAt: new Date('2026-06-09T12:00:00Z') }, TODAY)).toBe(false);
    expect(codeOf(() => assertSurveyOpen({ ...window, closedAt: new Date('2026-06-09T12:00:00Z') }, TODAY))).toBe('409 survey_closed');
    expect(codeOf(() => assertSurveyOpen({ ...window, closedAt: null }, TODAY))).toBeUndefined();
  });
});
