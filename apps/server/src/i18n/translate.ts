import { formatCount, type TLocale } from '@ona/contracts';
import enCore from '../locales/en.json' with { type: 'json' };
import huCore from '../locales/hu.json' with { type: 'json' };
import deCore from '../locales/de.json' with { type: 'json' };
import ruCore from '../locales/ru.json' with { type: 'json' };
import enAnalytics from '../locales/analytics.en.json' with { type: 'json' };
import huAnalytics from '../locales/analytics.hu.json' with { type: 'json' };
import deAnalytics from '../locales/analytics.de.json' with { type: 'json' };
import ruAnalytics from '../locales/analytics.ru.json' with { type: 'json' };
import enSurvey from '../locales/survey.en.json' with { type: 'json' };
import huSurvey from '../locales/survey.hu.json' with { type: 'json' };
import deSurvey from '../locales/survey.de.json' with { type: 'json' };
import ruSurvey from '../locales/survey.ru.json' with { type: 'json' };
import enInstant from '../locales/instant.en.json' with { type: 'json' };
import huInstant from '../locales/instant.hu.json' with { type: 'json' };
import deInstant from '../locales/instant.de.json' with { type: 'json' };
import ruInstant from '../locales/instant.ru.json' with { type: 'json' };
import enGraph from '../locales/graph.en.json' with { type: 'json' };
import huGraph from '../locales/graph.hu.json' with { type: 'json' };
import deGraph from '../locales/graph.de.json' with { type: 'json' };
import ruGraph from '../locales/graph.ru.json' with { type: 'json' };
import enExplanations from '../locales/explanations.en.json' with { type: 'json' };
import huExplanations from '../locales/explanations.hu.json' with { type: 'json' };
import deExplanations from '../locales/explanations.de.json' with { type: 'json' };
import ruExplanations from '../locales/explanations.ru.json' with { type: 'json' };
import enJourneys from '../locales/journeys.en.json' with { type: 'json' };
import huJourneys from '../locales/journeys.hu.json' with { type: 'json' };
import deJourneys from '../locales/journeys.de.json' with { type: 'json' };
import ruJourneys from '../locales/journeys.ru.json' with { type: 'json' };
import enSetup from '../locales/setup.en.json' with { type: 'json' };
import huSetup from '../locales/setup.hu.json' with { type: 'json' };
import deSetup from '../locales/setup.de.json' with { type: 'json' };
import ruSetup from '../locales/setup.ru.json' with { type: 'json' };
import enOrganizations from '../locales/organizations.en.json' with { type: 'json' };
import huOrganizations from '../locales/organizations.hu.json' with { type: 'json' };
import deOrganizations from '../locales/organizations.de.json' with { type: 'json' };
import ruOrganizations from '../locales/organizations.ru.json' with { type: 'json' };
import enUploads from '../locales/uploads.en.json' with { type: 'json' };
import huUploads from '../locales/uploads.hu.json' with { type: 'json' };
import deUploads from '../locales/uploads.de.json' with { type: 'json' };
import ruUploads from '../locales/uploads.ru.json' with { type: 'json' };
import enOperations from '../locales/operations.en.json' with { type: 'json' };
import huOperations from '../locales/operations.hu.json' with { type: 'json' };
import deOperations from '../locales/operations.de.json' with { type: 'json' };
import ruOperations from '../locales/operations.ru.json' with { type: 'json' };
import enApiKeys from '../locales/api-keys.en.json' with { type: 'json' };
import huApiKeys from '../locales/api-keys.hu.json' with { type: 'json' };
import deApiKeys from '../locales/api-keys.de.json' with { type: 'json' };
import ruApiKeys from '../locales/api-keys.ru.json' with { type: 'json' };
import enMetrics from '../locales/metrics.en.json' with { type: 'json' };
import huMetrics from '../locales/metrics.hu.json' with { type: 'json' };
import deMetrics from '../locales/metrics.de.json' with { type: 'json' };
import ruMetrics from '../locales/metrics.ru.json' with { type: 'json' };
import enSite from '../locales/site.en.json' with { type: 'json' };
import huSite from '../locales/site.hu.json' with { type: 'json' };
import deSite from '../locales/site.de.json' with { type: 'json' };
import ruSite from '../locales/site.ru.json' with { type: 'json' };
import enWaves from '../locales/waves.en.json' with { type: 'json' };
import huWaves from '../locales/waves.hu.json' with { type: 'json' };
import deWaves from '../locales/waves.de.json' with { type: 'json' };
import ruWaves from '../locales/waves.ru.json' with { type: 'json' };
import enExports from '../locales/exports.en.json' with { type: 'json' };
import huExports from '../locales/exports.hu.json' with { type: 'json' };
import deExports from '../locales/exports.de.json' with { type: 'json' };
import ruExports from '../locales/exports.ru.json' with { type: 'json' };
import enCalibration from '../locales/calibration.en.json' with { type: 'json' };
import huCalibration from '../locales/calibration.hu.json' with { type: 'json' };
import deCalibration from '../locales/calibration.de.json' with { type: 'json' };
import ruCalibration from '../locales/calibration.ru.json' with { type: 'json' };
import enSessions from '../locales/sessions.en.json' with { type: 'json' };
import enMfa from '../locales/mfa.en.json' with { type: 'json' };
import huSessions from '../locales/sessions.hu.json' with { type: 'json' };
import huMfa from '../locales/mfa.hu.json' with { type: 'json' };
import deSessions from '../locales/sessions.de.json' with { type: 'json' };
import deMfa from '../locales/mfa.de.json' with { type: 'json' };
import ruSessions from '../locales/sessions.ru.json' with { type: 'json' };
import ruMfa from '../locales/mfa.ru.json' with { type: 'json' };
import enHrSync from '../locales/hr-sync.en.json' with { type: 'json' };
import huHrSync from '../locales/hr-sync.hu.json' with { type: 'json' };
import deHrSync from '../locales/hr-sync.de.json' with { type: 'json' };
import ruHrSync from '../locales/hr-sync.ru.json' with { type: 'json' };
import enSso from '../locales/sso.en.json' with { type: 'json' };
import huSso from '../locales/sso.hu.json' with { type: 'json' };
import deSso from '../locales/sso.de.json' with { type: 'json' };
import ruSso from '../locales/sso.ru.json' with { type: 'json' };
import enDataSubject from '../locales/data-subject.en.json' with { type: 'json' };
import huDataSubject from '../locales/data-subject.hu.json' with { type: 'json' };
import deDataSubject from '../locales/data-subject.de.json' with { type: 'json' };
import ruDataSubject from '../locales/data-subject.ru.json' with { type: 'json' };
import enScheduleSteps from '../locales/schedule-steps.en.json' with { type: 'json' };
import huScheduleSteps from '../locales/schedule-steps.hu.json' with { type: 'json' };
import deScheduleSteps from '../locales/schedule-steps.de.json' with { type: 'json' };
import ruScheduleSteps from '../locales/schedule-steps.ru.json' with { type: 'json' };
import enCollaboration from '../locales/collaboration.en.json' with { type: 'json' };
import huCollaboration from '../locales/collaboration.hu.json' with { type: 'json' };
import deCollaboration from '../locales/collaboration.de.json' with { type: 'json' };
import ruCollaboration from '../locales/collaboration.ru.json' with { type: 'json' };

// One file per area and language (core, analytics, survey, …), so that areas grow independently.
// `explanations` holds the manager sentences of docs/methods.md; English equals the engine's EXPLANATIONS.
const areas = {
  en: { analytics: enAnalytics, survey: enSurvey, instant: enInstant, graph: enGraph, explanations: enExplanations, journeys: enJourneys, setup: enSetup, organizations: enOrganizations, operations: enOperations, uploads: enUploads, apiKeys: enApiKeys, metrics: enMetrics, site: enSite, waves: enWaves, exports: enExports, calibration: enCalibration, sessions: enSessions, mfa: enMfa, sso: enSso, hrSync: enHrSync, dataSubject: enDataSubject, scheduleSteps: enScheduleSteps, collaboration: enCollaboration },
  hu: { analytics: huAnalytics, survey: huSurvey, instant: huInstant, graph: huGraph, explanations: huExplanations, journeys: huJourneys, setup: huSetup, organizations: huOrganizations, operations: huOperations, uploads: huUploads, apiKeys: huApiKeys, metrics: huMetrics, site: huSite, waves: huWaves, exports: huExports, calibration: huCalibration, sessions: huSessions, mfa: huMfa, sso: huSso, hrSync: huHrSync, dataSubject: huDataSubject, scheduleSteps: huScheduleSteps, collaboration: huCollaboration },
  de: { analytics: deAnalytics, survey: deSurvey, instant: deInstant, graph: deGraph, explanations: deExplanations, journeys: deJourneys, setup: deSetup, organizations: deOrganizations, operations: deOperations, uploads: deUploads, apiKeys: deApiKeys, metrics: deMetrics, site: deSite, waves: deWaves, exports: deExports, calibration: deCalibration, sessions: deSessions, mfa: deMfa, sso: deSso, hrSync: deHrSync, dataSubject: deDataSubject, scheduleSteps: deScheduleSteps, collaboration: deCollaboration },
  ru: { analytics: ruAnalytics, survey: ruSurvey, instant: ruInstant, graph: ruGraph, explanations: ruExplanations, journeys: ruJourneys, setup: ruSetup, organizations: ruOrganizations, operations: ruOperations, uploads: ruUploads, apiKeys: ruApiKeys, metrics: ruMetrics, site: ruSite, waves: ruWaves, exports: ruExports, calibration: ruCalibration, sessions: ruSessions, mfa: ruMfa, sso: ruSso, hrSync: ruHrSync, dataSubject: ruDataSubject, scheduleSteps: ruScheduleSteps, collaboration: ruCollaboration },
};
const en = { ...enCore, ...areas.en };
const hu = { ...huCore, ...areas.hu };
const de = { ...deCore, ...areas.de };
const ru = { ...ruCore, ...areas.ru };

type Nested = { [key: string]: string | Nested };
/** i18next's plural suffixes: a text with a count may come as `key_one`, `key_other` (and `_few`, `_many` in Russian). */
type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPluralForm<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${WithoutPluralForm<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the English file; the other languages are checked against it by a test. */
export type MessageKey = Leaves<typeof en>;

export const SERVER_MESSAGES: Record<'en' | 'hu' | 'de' | 'ru', Nested> = { en, hu, de, ru };

function lookup(tree: Nested, key: string): string | undefined {
  let node: string | Nested | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Each language's plural rules, made once. */
const PLURAL_RULES = { en: new Intl.PluralRules('en'), hu: new Intl.PluralRules('hu'), de: new Intl.PluralRules('de'), ru: new Intl.PluralRules('ru') };

/**
 * The text of `key` in one language: with a numeric `count`, the language's plural form of it
 * (`key_one`, `key_few`, … by Intl.PluralRules, as i18next does in the web client) when the text
 * has forms, else the plain `key` (a wording that needs none: "Members: {{count}}"); without a
 * count, a text that has forms reads its general one (`_other`).
 */
function textIn(language: 'en' | 'hu' | 'de' | 'ru', key: string, count: number | undefined): string | undefined {
  const tree = SERVER_MESSAGES[language];
  if (count !== undefined) {
    const form = lookup(tree, `${key}_${PLURAL_RULES[language].select(count)}`);
    if (form !== undefined) return form;
  }
  return lookup(tree, key) ?? lookup(tree, `${key}_other`);
}

/** Server-side texts (errors, e-mails, exports) in the request's language; ja and pl read English. */
export function translate(locale: TLocale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const language = locale === 'hu' || locale === 'de' || locale === 'ru' ? locale : 'en';
  const count = typeof params.count === 'number' ? params.count : undefined;
  const text = textIn(language, key, count) ?? textIn('en', key, count) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'number' && Number.isInteger(value) && !AS_GIVEN.has(name) ? formatCount(value, locale) : String(value ?? '');
  });
}

/**
 * Parameters that name or echo rather than count: an id, a code, a spreadsheet's row or column as
 * the spreadsheet shows it, a version or sequence number, and `value`, which repeats what a person
 * typed. Every other whole number in a text is a count and is grouped as the reader's language
 * groups digits ("98,317 participants", "98 317 résztvevő"), as the web client does
 * (apps/web/src/shared/i18n/group-counts.ts).
 */
const AS_GIVEN = new Set(['id', 'ids', 'code', 'row', 'column', 'value', 'key', 'version', 'seq', 'number', 'year']);
