import {
  CONTENT_LANGUAGES,
  MODULES,
  type TContentLanguage,
  type TEngagement,
  type TJourneyCreate,
  type TJourneyUpdate,
  type TModule,
  type TNextWave,
} from '@ona/contracts';

/** What the journey form edits; field names follow the API so its field errors land on the same field. */
export type TJourneyFormValues = {
  name: string;
  access_from: string;
  access_till: string;
  default_language: TContentLanguage;
  modules: TModule[];
};

export type TQuestionnaireChoice = { source: 'default' } | { source: 'empty' } | { source: 'copy'; engagementId: number | null };

export type TJourneyField = keyof TJourneyFormValues | 'questionnaire';
export type TJourneyProblem = 'required' | 'tooLong' | 'invalidDate' | 'datesReversed' | 'endInPast' | 'noModules' | 'noSourceJourney';
export type TJourneyProblems = Partial<Record<TJourneyField, TJourneyProblem>>;

/** The server's limit on a journey's name (contracts/journeys.ts). */
export const JOURNEY_NAME_MAX = 200;
/** A new journey's survey runs four weeks unless the admin says otherwise. */
export const DEFAULT_JOURNEY_DAYS = 28;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written `YYYY-MM-DD` (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** `YYYY-MM-DD` moved by whole days, in UTC so no summer-time change shifts it. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, till: string): number {
  return Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The date rules the server applies too (dates_reversed, end_date_in_past): the end may not come
 * before the start, and a new journey (or a changed end date) may not end in the past. The last
 * day itself counts as open, so an end date of today is allowed.
 */
export function checkJourneyDates(accessFrom: string, accessTill: string, today: string, endMustNotBePast: boolean): TJourneyProblems {
  const problems: TJourneyProblems = {};
  if (accessFrom === '') problems.access_from = 'required';
  else if (!isIsoDate(accessFrom)) problems.access_from = 'invalidDate';
  if (accessTill === '') problems.access_till = 'required';
  else if (!isIsoDate(accessTill)) problems.access_till = 'invalidDate';
  if (problems.access_from || problems.access_till) return problems;
  if (accessTill < accessFrom) problems.access_till = 'datesReversed';
  else if (endMustNotBePast && accessTill < today) problems.access_till = 'endInPast';
  return problems;
}

export function checkJourneyName(name: string): TJourneyProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > JOURNEY_NAME_MAX) return 'tooLong';
  return undefined;
}

/** Every problem of the journey form; `endMustNotBePast` for a new journey or a changed end date. */
export function checkJourneyForm(values: TJourneyFormValues, today: string, endMustNotBePast: boolean): TJourneyProblems {
  const problems: TJourneyProblems = { ...checkJourneyDates(values.access_from, values.access_till, today, endMustNotBePast) };
  const name = checkJourneyName(values.name);
  if (name) problems.name = name;
  if (values.modules.length === 0) problems.modules = 'noModules';
  return problems;
}

export function checkQuestionnaire(choice: TQuestionnaireChoice): TJourneyProblems {
  return choice.source === 'copy' && choice.engagementId === null ? { questionnaire: 'noSourceJourney' } : {};
}

export function hasProblems(problems: TJourneyProblems): boolean {
  return Object.values(problems).some((problem) => problem !== undefined);
}

/** Modules in the order of the contract, whatever order they were ticked in. */
export function orderedModules(modules: readonly TModule[]): TModule[] {
  return MODULES.filter((module) => modules.includes(module));
}

export function toCreatePayload(values: TJourneyFormValues, questionnaire: TQuestionnaireChoice): TJourneyCreate {
  return {
    name: values.name.trim(),
    access_from: values.access_from,
    access_till: values.access_till,
    default_language: values.default_language,
    modules: orderedModules(values.modules),
    questionnaire:
      questionnaire.source === 'copy'
        ? { source: 'copy', engagement_id: questionnaire.engagementId ?? 0 }
        : { source: questionnaire.source },
  };
}

const sameModules = (left: readonly TModule[], right: readonly TModule[]) => orderedModules(left).join() === orderedModules(right).join();

/**
 * Only what the admin changed: an untouched end date of a finished journey is not sent again, so
 * it cannot trip the server's "end date in the past" rule.
 */
export function toUpdatePayload(initial: TJourneyFormValues, values: TJourneyFormValues): TJourneyUpdate {
  const payload: TJourneyUpdate = {};
  if (values.name.trim() !== initial.name.trim()) payload.name = values.name.trim();
  if (values.access_from !== initial.access_from) payload.access_from = values.access_from;
  if (values.access_till !== initial.access_till) payload.access_till = values.access_till;
  if (values.default_language !== initial.default_language) payload.default_language = values.default_language;
  if (!sameModules(values.modules, initial.modules)) payload.modules = orderedModules(values.modules);
  return payload;
}

export function isContentLanguage(value: string): value is TContentLanguage {
  return (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A new journey speaks the organisation's language when the client knows it, else the interface
 * language; interface languages without survey texts (ja, pl) fall back to English.
 */
export function defaultJourneyLanguage(organizationLanguage: string | null | undefined, interfaceLanguage: string): TContentLanguage {
  if (organizationLanguage && isContentLanguage(organizationLanguage)) return organizationLanguage;
  return isContentLanguage(interfaceLanguage) ? interfaceLanguage : 'en';
}

export function newJourneyValues(today: string, language: TContentLanguage): TJourneyFormValues {
  return { name: '', access_from: today, access_till: addDays(today, DEFAULT_JOURNEY_DAYS), default_language: language, modules: [...MODULES] };
}

/** The settings form starts from the journey as the server has it. */
export function journeyValues(engagement: TEngagement): TJourneyFormValues {
  return {
    name: engagement.name,
    access_from: engagement.access_from.slice(0, 10),
    access_till: engagement.access_till.slice(0, 10),
    default_language: isContentLanguage(engagement.default_language) ? engagement.default_language : 'en',
    modules: orderedModules(engagement.modules),
  };
}

/** The next wave starts today and lasts as long as the wave before it (at least a day). */
export function nextWaveDefaults(engagement: Pick<TEngagement, 'name' | 'access_from' | 'access_till'>, today: string, name: string): TNextWave {
  const length = Math.max(daysBetween(engagement.access_from.slice(0, 10), engagement.access_till.slice(0, 10)), 1);
  return { name, access_from: today, access_till: addDays(today, length) };
}
