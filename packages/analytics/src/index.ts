export * from './types.ts';
export { DEFAULT_OPTIONS, PALETTE_18, resolveOptions, validateOptions, assertValidOptions, InvalidOptionsError } from './options.ts';
export type { AnalysisOptions, DeepPartial, PairedThreshold, RoleThreshold } from './options.ts';
export { runAnalysis, ENGINE_VERSION } from './run-analysis.ts';
export type { AnalysisResult, CollaborationResult, EmployeeResult, AnalysisStep, ProgressEvent, RunAnalysisHooks } from './run-analysis.ts';
export { EXPLANATIONS } from './explanations.ts';
export { RISK_FACTOR_CODES, LEADER_FACTORS, OVERLOAD_FACTORS } from './risk/factor-codes.ts';
export type { RiskFactorCode } from './risk/factor-codes.ts';
export { KEY_ROLES } from './roles/key-roles.ts';
export type { KeyRole } from './roles/key-roles.ts';
export { BROKERAGE_ROLES, brokerage } from './brokerage/gould-fernandez.ts';
export type { BrokerageRole, BrokerageResult, NodeBrokerage } from './brokerage/gould-fernandez.ts';
export { DYSFUNCTION_SETS, DYSFUNCTION_CODES } from './groups/dysfunction-codes.ts';
export type { DysfunctionCode, DysfunctionSet } from './groups/dysfunction-codes.ts';
export { buildOrganisation } from './graph/organisation.ts';
export type { Organisation } from './graph/organisation.ts';
export { buildDigraph } from './graph/digraph.ts';
export type { Digraph } from './graph/digraph.ts';
export { distanceMatrix } from './metrics/reach.ts';
export { asValues } from './reports/key-people.ts';
export type { AsValuesQuery, AsValuesResult } from './reports/key-people.ts';
export { STAR_SHAPE, logoLayout } from './layout/layouts.ts';
export type { Layout, LogoShape } from './layout/layouts.ts';
export type { GraphMetrics } from './metrics/network-metrics.ts';
export type { GroupResult, GroupDysfunction } from './groups/groups.ts';
export type { RetentionPages } from './groups/retention-pages.ts';
export type { LeaderReport } from './reports/leader-report.ts';
export type { IndividualReport } from './reports/individual-report.ts';
export type { Report360 } from './reports/report-360.ts';
export type { SurveyStatistics } from './reports/survey-statistics.ts';
export type { GraphData } from './layout/graph-data.ts';
export { analysisDistanceMatrix, keyPeopleAsValues, createKeyPeopleAnalytics } from './queries.ts';
export type { KeyPeopleAnalytics } from './queries.ts';
export { runAnalysisAsync, runAnalysisInSections } from './run-analysis-async.ts';
export { RESULT_SECTIONS, collectSections } from './result-sections.ts';
export type { ResultSection, SectionSink } from './result-sections.ts';
export type { RunAnalysisAsyncHooks } from './run-analysis-async.ts';
export type { AnalysisMetrics } from './metrics/metric-graphs.ts';
export type { BetweennessResult } from './metrics/betweenness.ts';
export { PERSON_METRIC_IDS, networkKeys, personMetricTable } from './metrics/person-metrics.ts';
export type { NetworkKey, PersonMetricId, PersonMetricTable } from './metrics/person-metrics.ts';
export type { NetworkFigures, UnitEi } from './metrics/network-level.ts';
export { compareWaves, tieDiff, commonNetworkKeys, unitPaths } from './waves/index.ts';
// Risk checked against turnover (issue 21): docs/risk-calibration.md.
export { CALIBRATION_LEVELS, RISK_CALIBRATION_DEFAULTS, riskCalibration, waveOutcomes } from './waves/index.ts';
export type { CalibrationLevel, CalibrationPerson, CalibrationPrediction, LeaverReason, RiskCalibration, RiskCalibrationOptions, WaveLeaver, WaveOutcome } from './waves/index.ts';
export type {
  CompareWavesOptions,
  TieDiffEdge,
  TieStatus,
  WaveResult,
  WaveSnapshot,
  WaveComparison,
  PersonChange,
  PersonSide,
  PersonWaveStatus,
  MetricChange,
  RoleSet,
  UnitChange,
  UnitSide,
  UnitWaveStatus,
  TieCounts,
  BridgeLoss,
  NetworkChange,
  WaveNetworkKey,
  PersonTie,
} from './waves/index.ts';
export { collaborationCoverage, networkConfidence } from './confidence/network-confidence.ts';
export type { CollaborationCoverage, ConfidenceNetwork, NetworkConfidence } from './confidence/network-confidence.ts';
export { HIGH_CONFIDENCE_MIN_RATE, MODERATE_CONFIDENCE_MIN_RATE, RESPONSE_BANDS, responseBand } from './confidence/response-band.ts';
export type { ResponseBand, ResponseRate } from './confidence/response-band.ts';
export { STABLE_MIN_CORRELATION, MIN_DROP_SHARE, stabilityDropShare } from './confidence/rank-stability.ts';
export { averageRanks, spearman } from './confidence/spearman.ts';
export type { CentralityStability, RankStability, StabilityVerdict } from './confidence/rank-stability.ts';
export { STABILITY_CENTRALITIES } from './confidence/centrality-vectors.ts';
export type { StabilityCentrality } from './confidence/centrality-vectors.ts';
export type { PersonCoverage } from './confidence/coverage.ts';
export { brokerageByGroups, collaborationNetworkDigraph, groupRolesFromColumns, networkDigraph, networkQuestionIds } from './brokerage/brokerage-by-groups.ts';
export type { GroupBrokerage, NetworkQuestion } from './brokerage/brokerage-by-groups.ts';
export { SHOWN, protectAgainstEarlierRequests, protectFilteredGroup, protectSums, protectWithinPopulation, symmetricDifferenceSize } from './privacy/difference-protection.ts';
export type { FigureSum, Protection, WithholdingReason } from './privacy/difference-protection.ts';
export { NominationColumnsBuilder, emptyNominations, leadershipNominationsByIds, nominationIds, nominationsByIds } from './input/nomination-columns.ts';
export type { NominationByIds } from './input/nomination-columns.ts';
