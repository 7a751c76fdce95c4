import { MODULES, type TEngagement } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkJourneyDates,
  checkJourneyForm,
  checkQuestionnaire,
  defaultJourneyLanguage,
  hasProblems,
  isIsoDate,
  journeyValues,
  newJourneyValues,
  nextWaveDefaults,
  toCreatePayload,
  toUpdatePayload,
  type TJourneyFormValues,
} from './journey-form.ts';

const TODAY = '2026-11-25';
const valid: TJourneyFormValues = { name: 'Spring 2027', access_from: '2026-12-01', access_till: '2026-12-31', default_language: 'hu', modules: ['survey', 'graph_visualization'] };

describe('journey dates', () => {
  it('accepts real calendar days only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('refuses an end date before the start date, as the server does (dates_reversed)', () => {
    expect(checkJourneyDates('2026-12-10', '2026-12-09', TODAY, true)).toEqual({ access_till: 'datesReversed' });
  });

  it('allows a one-day journey and an end date of today', () => {
    expect(checkJourneyDates('2026-11-20', TODAY, TODAY, true)).toEqual({});
    expect(checkJourneyDates(TODAY, TODAY, TODAY, true)).toEqual({});
  });

  it('refuses an end date in the past for a new journey (end_date_in_past) but not for an untouched old one', () => {
    expect(checkJourneyDates('2026-10-01', '2026-11-24', TODAY, true)).toEqual({ access_till: 'endInPast' });
    expect(checkJourneyDates('2026-10-01', '2026-11-24', TODAY, false)).toEqual({});
  });

  it('names a missing or malformed date under its own field', () => {
    expect(checkJourneyDates('', '2026-13-01', TODAY, true)).toEqual({ access_from: 'required', access_till: 'invalidDate' });
  });

  it('moves dates by whole days across month and year ends', () => {
    expect(addDays('2026-12-20', 28)).toBe('2027-01-17');
    expect(addDays('2027-03-27', 2)).toBe('2027-03-29');
  });
});

describe('the journey form', () => {
  it('has no problems when filled in correctly', () => {
    expect(hasProblems(checkJourneyForm(valid, TODAY, true))).toBe(false);
  });

  it('wants a name that is not only spaces and at least one module', () => {
    expect(checkJourneyForm({ ...valid, name: '   ', modules: [] }, TODAY, true)).toEqual({ name: 'required', modules: 'noModules' });
    expect(checkJourneyForm({ ...valid, name: 'x'.repeat(201) }, TODAY, true)).toEqual({ name: 'tooLong' });
  });

  it('wants the journey to copy from when the questionnaire is a copy', () => {
    expect(checkQuestionnaire({ source: 'copy', engagementId: null })).toEqual({ questionnaire: 'noSourceJourney' });
    expect(checkQuestionnaire({ source: 'copy', engagementId: 4 })).toEqual({});
    expect(checkQuestionnaire({ source: 'empty' })).toEqual({});
  });

  it('starts a new journey today for four weeks with every module on', () => {
    expect(newJourneyValues(TODAY, 'de')).toEqual({ name: '', access_from: TODAY, access_till: '2026-12-23', default_language: 'de', modules: [...MODULES] });
  });
});

describe('form to payload', () => {
  it('trims the name, orders the modules as the contract does and carries the questionnaire source', () => {
    const payload = toCreatePayload({ ...valid, name: '  Spring 2027 ', modules: ['statistics', 'survey'] }, { source: 'copy', engagementId: 7 });
    expect(payload).toEqual({
      name: 'Spring 2027',
      access_from: '2026-12-01',
      access_till: '2026-12-31',
      default_language: 'hu',
      modules: ['survey', 'statistics'],
      questionnaire: { source: 'copy', engagement_id: 7 },
    });
    expect(toCreatePayload(valid, { source: 'empty' }).questionnaire).toEqual({ source: 'empty' });
    expect(toCreatePayload(valid, { source: 'default' }).questionnaire).toEqual({ source: 'default' });
  });

  it('sends only what changed in the settings, so an old end date is never sent again', () => {
    expect(toUpdatePayload(valid, { ...valid })).toEqual({});
    expect(toUpdatePayload(valid, { ...valid, name: 'Spring 2027 ' })).toEqual({});
    expect(toUpdatePayload(valid, { ...valid, modules: ['graph_visualization', 'survey'] })).toEqual({});
    expect(toUpdatePayload(valid, { ...valid, name: 'Renamed', access_from: '2026-12-02', modules: ['survey'] })).toEqual({
      name: 'Renamed',
      access_from: '2026-12-02',
      modules: ['survey'],
    });
    expect(toUpdatePayload(valid, { ...valid, access_till: '2027-01-31', default_language: 'en' })).toEqual({ access_till: '2027-01-31', default_language: 'en' });
  });

  it('reads the settings form from the engagement the server sent', () => {
    const engagement = { name: 'Wave 1', access_from: '2026-01-05', access_till: '2026-01-30T00:00:00.000Z', default_language: 'en', modules: ['statistics', 'survey'] } as Pick<
      TEngagement,
      'name' | 'access_from' | 'access_till' | 'default_language' | 'modules'
    >;
    expect(journeyValues(engagement as TEngagement)).toEqual({ name: 'Wave 1', access_from: '2026-01-05', access_till: '2026-01-30', default_language: 'en', modules: ['survey', 'statistics'] });
  });
});

describe('default language of a new journey', () => {
  it("prefers the organisation's language, then the interface language, then English", () => {
    expect(defaultJourneyLanguage('de', 'hu')).toBe('de');
    expect(defaultJourneyLanguage(undefined, 'ru')).toBe('ru');
    expect(defaultJourneyLanguage('xx', 'hu')).toBe('hu');
    expect(defaultJourneyLanguage(null, 'ja')).toBe('en');
  });
});

describe('next wave defaults', () => {
  it('starts today and lasts as long as the wave before', () => {
    expect(nextWaveDefaults({ name: 'W1', access_from: '2026-01-01', access_till: '2026-01-15' }, TODAY, 'W1 – next wave')).toEqual({
      name: 'W1 – next wave',
      access_from: TODAY,
      access_till: '2026-12-09',
    });
  });

  it('never proposes an end before the start, even for a one-day wave', () => {
    const wave = nextWaveDefaults({ name: 'W1', access_from: '2026-01-01', access_till: '2026-01-01' }, TODAY, 'W2');
    expect(hasProblems(checkJourneyDates(wave.access_from, wave.access_till, TODAY, true))).toBe(false);
  });
});
