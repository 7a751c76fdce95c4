import type { Resource } from 'i18next';
import deAdmin from './de/admin.json';
import deAuth from './de/auth.json';
import deAccessibility from './de/accessibility.json';
import deColors from './de/colors.json';
import deCommon from './de/common.json';
import deEngagements from './de/engagements.json';
import deInstantSurvey from './de/instant-survey.json';
import deSurvey from './de/survey.json';
import deSurveyStatistics from './de/survey-statistics.json';
import deOrganizations from './de/organizations.json';
import deGraph from './de/graph.json';
import deRetention from './de/retention.json';
import deLeaderReport from './de/leader-report.json';
import deAnalytics360 from './de/analytics-360.json';
import deIndividualReport from './de/individual-report.json';
import deKeyPeople from './de/key-people.json';
import deSetup from './de/setup.json';
import deJourneys from './de/journeys.json';
import deOrganizationAdmin from './de/organization-admin.json';
import deOrganizationPolicies from './de/organization-policies.json';
import deConfidentiality from './de/confidentiality.json';
import deApiKeys from './de/api-keys.json';
import deAccount from './de/account.json';
import deDirectory from './de/directory.json';
import deMetrics from './de/metrics.json';
import deWaveComparison from './de/wave-comparison.json';
import deCalibration from './de/calibration.json';
import deConfidence from './de/confidence.json';
import dePrivacy from './de/privacy.json';
import deSso from './de/sso.json';
import deCollaboration from './de/collaboration.json';
import enAdmin from './en/admin.json';
import enAuth from './en/auth.json';
import enAccessibility from './en/accessibility.json';
import enColors from './en/colors.json';
import enCommon from './en/common.json';
import enEngagements from './en/engagements.json';
import enInstantSurvey from './en/instant-survey.json';
import enSurvey from './en/survey.json';
import enSurveyStatistics from './en/survey-statistics.json';
import enOrganizations from './en/organizations.json';
import enGraph from './en/graph.json';
import enRetention from './en/retention.json';
import enLeaderReport from './en/leader-report.json';
import enAnalytics360 from './en/analytics-360.json';
import enIndividualReport from './en/individual-report.json';
import enKeyPeople from './en/key-people.json';
import enSetup from './en/setup.json';
import enJourneys from './en/journeys.json';
import enOrganizationAdmin from './en/organization-admin.json';
import enOrganizationPolicies from './en/organization-policies.json';
import enConfidentiality from './en/confidentiality.json';
import enApiKeys from './en/api-keys.json';
import enAccount from './en/account.json';
import enDirectory from './en/directory.json';
import enMetrics from './en/metrics.json';
import enWaveComparison from './en/wave-comparison.json';
import enCalibration from './en/calibration.json';
import enConfidence from './en/confidence.json';
import enPrivacy from './en/privacy.json';
import enSso from './en/sso.json';
import enCollaboration from './en/collaboration.json';
import huAdmin from './hu/admin.json';
import huAuth from './hu/auth.json';
import huAccessibility from './hu/accessibility.json';
import huColors from './hu/colors.json';
import huCommon from './hu/common.json';
import huEngagements from './hu/engagements.json';
import huInstantSurvey from './hu/instant-survey.json';
import huSurvey from './hu/survey.json';
import huSurveyStatistics from './hu/survey-statistics.json';
import huOrganizations from './hu/organizations.json';
import huGraph from './hu/graph.json';
import huRetention from './hu/retention.json';
import huLeaderReport from './hu/leader-report.json';
import huAnalytics360 from './hu/analytics-360.json';
import huIndividualReport from './hu/individual-report.json';
import huKeyPeople from './hu/key-people.json';
import huSetup from './hu/setup.json';
import huJourneys from './hu/journeys.json';
import huOrganizationAdmin from './hu/organization-admin.json';
import huOrganizationPolicies from './hu/organization-policies.json';
import huConfidentiality from './hu/confidentiality.json';
import huApiKeys from './hu/api-keys.json';
import huAccount from './hu/account.json';
import huDirectory from './hu/directory.json';
import huMetrics from './hu/metrics.json';
import huWaveComparison from './hu/wave-comparison.json';
import huCalibration from './hu/calibration.json';
import huConfidence from './hu/confidence.json';
import huPrivacy from './hu/privacy.json';
import huSso from './hu/sso.json';
import huCollaboration from './hu/collaboration.json';
import jaCommon from './ja/common.json';
import plCommon from './pl/common.json';
import ruAdmin from './ru/admin.json';
import ruAuth from './ru/auth.json';
import ruAccessibility from './ru/accessibility.json';
import ruColors from './ru/colors.json';
import ruCommon from './ru/common.json';
import ruEngagements from './ru/engagements.json';
import ruInstantSurvey from './ru/instant-survey.json';
import ruSurvey from './ru/survey.json';
import ruSurveyStatistics from './ru/survey-statistics.json';
import ruOrganizations from './ru/organizations.json';
import ruGraph from './ru/graph.json';
import ruRetention from './ru/retention.json';
import ruLeaderReport from './ru/leader-report.json';
import ruAnalytics360 from './ru/analytics-360.json';
import ruIndividualReport from './ru/individual-report.json';
import ruKeyPeople from './ru/key-people.json';
import ruSetup from './ru/setup.json';
import ruJourneys from './ru/journeys.json';
import ruOrganizationAdmin from './ru/organization-admin.json';
import ruOrganizationPolicies from './ru/organization-policies.json';
import ruConfidentiality from './ru/confidentiality.json';
import ruApiKeys from './ru/api-keys.json';
import ruAccount from './ru/account.json';
import ruDirectory from './ru/directory.json';
import ruMetrics from './ru/metrics.json';
import ruWaveComparison from './ru/wave-comparison.json';
import ruCalibration from './ru/calibration.json';
import ruConfidence from './ru/confidence.json';
import ruPrivacy from './ru/privacy.json';
import ruSso from './ru/sso.json';
import ruCollaboration from './ru/collaboration.json';

/** English is the reference: its shape types every `t()` key (see shared/i18n/i18next.d.ts). */
export const englishResources = {
  common: enCommon,
  auth: enAuth,
  organizations: enOrganizations,
  engagements: enEngagements,
  admin: enAdmin,
  accessibility: enAccessibility,
  colors: enColors,
  instantSurvey: enInstantSurvey,
  survey: enSurvey,
  surveyStatistics: enSurveyStatistics,
  graph: enGraph,
  retention: enRetention,
  leaderReport: enLeaderReport,
  analytics360: enAnalytics360,
  keyPeople: enKeyPeople,
  individualReport: enIndividualReport,
  setup: enSetup,
  journeys: enJourneys,
  organizationAdmin: enOrganizationAdmin,
  organizationPolicies: enOrganizationPolicies,
  confidentiality: enConfidentiality,
  apiKeys: enApiKeys,
  account: enAccount,
  directory: enDirectory,
  metrics: enMetrics,
  waveComparison: enWaveComparison,
  calibration: enCalibration,
  confidence: enConfidence,
  privacy: enPrivacy,
  sso: enSso,
  collaboration: enCollaboration,
};

export type TNamespace = keyof typeof englishResources;
export const NAMESPACES = Object.keys(englishResources) as TNamespace[];

type TTranslation = { [Namespace in TNamespace]: object };

const hungarian: TTranslation = {
  common: huCommon,
  auth: huAuth,
  organizations: huOrganizations,
  engagements: huEngagements,
  admin: huAdmin,
  accessibility: huAccessibility,
  colors: huColors,
  instantSurvey: huInstantSurvey,
  survey: huSurvey,
  surveyStatistics: huSurveyStatistics,
  graph: huGraph,
  retention: huRetention,
  leaderReport: huLeaderReport,
  analytics360: huAnalytics360,
  keyPeople: huKeyPeople,
  individualReport: huIndividualReport,
  setup: huSetup,
  journeys: huJourneys,
  organizationAdmin: huOrganizationAdmin,
  organizationPolicies: huOrganizationPolicies,
  confidentiality: huConfidentiality,
  apiKeys: huApiKeys,
  account: huAccount,
  directory: huDirectory,
  metrics: huMetrics,
  waveComparison: huWaveComparison,
  calibration: huCalibration,
  confidence: huConfidence,
  privacy: huPrivacy,
  sso: huSso,
  collaboration: huCollaboration,
};

const german: TTranslation = {
  common: deCommon,
  auth: deAuth,
  organizations: deOrganizations,
  engagements: deEngagements,
  admin: deAdmin,
  accessibility: deAccessibility,
  colors: deColors,
  instantSurvey: deInstantSurvey,
  survey: deSurvey,
  surveyStatistics: deSurveyStatistics,
  graph: deGraph,
  retention: deRetention,
  leaderReport: deLeaderReport,
  analytics360: deAnalytics360,
  keyPeople: deKeyPeople,
  individualReport: deIndividualReport,
  setup: deSetup,
  journeys: deJourneys,
  organizationAdmin: deOrganizationAdmin,
  organizationPolicies: deOrganizationPolicies,
  confidentiality: deConfidentiality,
  apiKeys: deApiKeys,
  account: deAccount,
  directory: deDirectory,
  metrics: deMetrics,
  waveComparison: deWaveComparison,
  calibration: deCalibration,
  confidence: deConfidence,
  privacy: dePrivacy,
  sso: deSso,
  collaboration: deCollaboration,
};

const russian: TTranslation = {
  common: ruCommon,
  auth: ruAuth,
  organizations: ruOrganizations,
  engagements: ruEngagements,
  admin: ruAdmin,
  accessibility: ruAccessibility,
  colors: ruColors,
  instantSurvey: ruInstantSurvey,
  survey: ruSurvey,
  surveyStatistics: ruSurveyStatistics,
  graph: ruGraph,
  retention: ruRetention,
  leaderReport: ruLeaderReport,
  analytics360: ruAnalytics360,
  keyPeople: ruKeyPeople,
  individualReport: ruIndividualReport,
  setup: ruSetup,
  journeys: ruJourneys,
  organizationAdmin: ruOrganizationAdmin,
  organizationPolicies: ruOrganizationPolicies,
  confidentiality: ruConfidentiality,
  apiKeys: ruApiKeys,
  account: ruAccount,
  directory: ruDirectory,
  metrics: ruMetrics,
  waveComparison: ruWaveComparison,
  calibration: ruCalibration,
  confidence: ruConfidence,
  privacy: ruPrivacy,
  sso: ruSso,
  collaboration: ruCollaboration,
};

/** The complete translations; ja and pl carry a few texts and fall back to English for the rest. */
export const completeTranslations = { en: englishResources, hu: hungarian, de: german, ru: russian };

export const resources: Resource = {
  ...completeTranslations,
  ja: { common: jaCommon },
  pl: { common: plCommon },
};
