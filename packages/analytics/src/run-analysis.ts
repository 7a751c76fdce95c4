import type { AnalysisInput } from './types.ts';
import { collectSections } from './result-sections.ts';
import type { SectionSink } from './result-sections.ts';
import type { GraphMetrics } from './metrics/network-metrics.ts';
import type { CollaborationNetwork } from './metrics/collaboration.ts';
import { analyseCollaboration } from './metrics/collaboration.ts';
import type { AnalysisOptions, DeepPartial } from './options.ts';
import { assertValidOptions, resolveOptions } from './options.ts';
import { buildOrganisation } from './graph/organisation.ts';
import type { Organisation } from './graph/organisation.ts';
import { betweenness } from './metrics/betweenness.ts';
import type { AnalysisMetrics } from './metrics/metric-graphs.ts';
import { assembleMetrics, computeMeasures, distinctBetweenness, metricGraphs } from './metrics/metric-graphs.ts';
import type { Communities } from './metrics/communities.ts';
import { detectCommunities } from './metrics/communities.ts';
import type { UnitStructure } from './metrics/unit-structure.ts';
import { unitStructure } from './metrics/unit-structure.ts';
import type { BrokerageFigures, BrokerageRole, BrokerageColumn } from './brokerage/gould-fernandez.ts';
import { brokerage } from './brokerage/gould-fernandez.ts';
import { groupRoles } from './brokerage/group-roles.ts';
import type { RiskFactorCode } from './risk/factor-codes.ts';
import { computeRiskFactors } from './risk/factors.ts';
import type { RiskEvidence } from './risk/factors.ts';
import { assessRisk } from './risk/levels.ts';
import type { KeyRole } from './roles/key-roles.ts';
import { computeKeyRoles } from './roles/key-roles.ts';
import type { GroupResult } from './groups/groups.ts';
import { analyseGroups } from './groups/groups.ts';
import type { RetentionPages } from './groups/retention-pages.ts';
import { retentionPages } from './groups/retention-pages.ts';
import type { LeaderReport } from './reports/leader-report.ts';
import { leaderReports } from './reports/leader-report.ts';
import type { IndividualReport } from './reports/individual-report.ts';
import { individualReports } from './reports/individual-report.ts';
import type { Report360 } from './reports/report-360.ts';
import { reports360 } from './reports/report-360.ts';
import type { SurveyStatistics } from './reports/survey-statistics.ts';
import { surveyStatistics } from './reports/survey-statistics.ts';
import type { GraphData } from './layout/graph-data.ts';
import { buildGraphData } from './layout/graph-data.ts';
import type { NetworkConfidence } from './confidence/network-confidence.ts';
import { networkConfidence } from './confidence/network-confidence.ts';
import { circularLayout, forceLayout, logoLayout, orgChartLayout } from './layout/layouts.ts';
import type { Layout } from './layout/layouts.ts';

export interface EmployeeResult {
  id: string;
  unitId: string;
  leaderId: string | null;
  hasAnswered: boolean;
  hierarchyLevel: string;
  risk_level: number;
  riskScore: number;
  riskFactors: RiskFactorCode[];
  contagion: boolean;
  protection: boolean;
  evidence: RiskEvidence;
  keyRoles: KeyRole[];
  groupRoles: BrokerageRole[];
  community: number;
  directReports: string[];
}

/** The collaboration network of a run: ties between the run's employees, one per unordered pair (source < target by id order). */
export type CollaborationResult = CollaborationNetwork;

export interface AnalysisResult {
  engineVersion: string;
  employeeIds: string[];
  employees: EmployeeResult[];
  /** Per question kind, per category and on the union "work" graph; columns follow employeeIds. */
  metrics: AnalysisMetrics;
  communities: Communities;
  units: (UnitStructure & { unitId: string })[];
  brokerage: {
    /** On the work graph with units as groups; ties run from the one who names to the one named. */
    graph: { raw: BrokerageFigures; expected: BrokerageFigures; sd: BrokerageFigures; z: Record<BrokerageColumn, number | null> };
    nodes: { raw: BrokerageFigures; z: Record<BrokerageColumn, number | null> }[];
  };
  groups: GroupResult[];
  retention: RetentionPages;
  leaderReports: LeaderReport[];
  individualReports: IndividualReport[];
  reports360: Report360[];
  surveyStatistics: SurveyStatistics;
  /** How far the figures can be read: response rate and band, rank stability per network, coverage per person. */
  confidence: NetworkConfidence;
  /**
   * The collaboration network the run analysed (its metrics: `metrics.collaboration`); null when the
   * organisation has no collaboration data for the period. Kept with the run, so the network stays
   * after the weekly counts expired. Runs stored before it existed lack the field.
   */
  collaboration: CollaborationResult | null;
  graph: GraphData;
  timings: { step: string; ms: number }[];
  warnings: string[];
}

export type AnalysisStep =
  | 'organisation'
  | 'metrics'
  | 'communities'
  | 'brokerage'
  | 'key-roles'
  | 'risk'
  | 'groups'
  | 'leader-reports'
  | 'individual-reports'
  | 'reports-360'
  | 'survey-statistics'
  | 'confidence'
  | 'layouts'
  | 'graph-data';

export interface ProgressEvent {
  step: AnalysisStep;
  /** 1-based index of the finished step and the number of steps. */
  done: number;
  total: number;
}

export interface RunAnalysisHooks {
  /** Milliseconds from any origin; without it timings are 0 (the engine reads no clock itself). */
  clock?: () => number;
  /** Called after each step with the step's name; after a step, memory can be sampled. */
  onStepDone?: (step: AnalysisStep) => void;
}

export const ENGINE_VERSION = '1.0.0';
const STEPS = 14;

/**
 * Runs the whole analysis. Pure: the result depends only on the input and the options (the
 * seed included); timings come from the injected clock. Single-threaded; `runAnalysisAsync`
 * spreads betweenness over worker threads.
 */
export function runAnalysis(
  input: AnalysisInput,
  partialOptions: DeepPartial<AnalysisOptions> = {},
  onProgress?: (event: ProgressEvent) => void,
  hooks: RunAnalysisHooks = {},
): AnalysisResult {
  const collected = collectSections();
  analyseInSections(input, partialOptions, onProgress, hooks, collected.sink);
  return collected.result();
}

/** `runAnalysis` handing each section of the result to `emit` as soon as it is final (result-sections.ts). */
export function analyseInSections(input: AnalysisInput, partialOptions: DeepPartial<AnalysisOptions>, onProgress: ((event: ProgressEvent) => void) | undefined, hooks: RunAnalysisHooks, emit: SectionSink): void {
  const options = resolveOptions(partialOptions);
  assertValidOptions(options);
  const steps = createStepRunner(onProgress, hooks);
  const org = steps.step('organisation', () => buildOrganisation(input));
  let collaboration: CollaborationAnalysis | null = null;
  const metrics = steps.step('metrics', () => {
    const graphs = metricGraphs(org, options);
    collaboration = analyseCollaboration(org, input.collaboration, options);
    return withCollaborationMetrics(assembleMetrics(graphs, computeMeasures(graphs, options), distinctBetweenness(graphs, betweenness).map((compute) => compute())), collaboration);
  });
  finishAnalysis(input, org, handOverMetrics(metrics, org, emit), options, steps, emit, collaboration);
}

/**
 * Hands the metrics of every network over as soon as they are final and keeps only the work
 * network's, the one later steps read (key roles, risk, the logo layout): the other 23 networks'
 * columns, a large share of the result at 100,000 people, need not live beside the reports.
 */
export function handOverMetrics(metrics: AnalysisMetrics, org: Organisation, emit: SectionSink): GraphMetrics {
  emit('engineVersion', ENGINE_VERSION);
  emit('employeeIds', org.employees.map((e) => e.id));
  emit('metrics', metrics);
  return metrics.work;
}

/** The collaboration network's analysis (metrics/collaboration.ts), null without collaboration data. */
export type CollaborationAnalysis = ReturnType<typeof analyseCollaboration>;

/**
 * The metrics with the collaboration network's under `collaboration`; without collaboration data
 * the very same object, so a run without it serialises exactly as before the network existed.
 */
export function withCollaborationMetrics(metrics: AnalysisMetrics, collaboration: CollaborationAnalysis): AnalysisMetrics {
  return collaboration ? { ...metrics, collaboration: collaboration.metrics } : metrics;
}

export interface StepRunner {
  /** Runs a step, records its time (plus `earlierMs` spent on it before, e.g. awaiting workers) and reports progress. */
  step<T>(name: AnalysisStep, run: () => T, earlierMs?: number): T;
  readonly clock: () => number;
  readonly timings: { step: string; ms: number }[];
}

export function createStepRunner(onProgress: ((event: ProgressEvent) => void) | undefined, hooks: RunAnalysisHooks): StepRunner {
  const clock = hooks.clock ?? (() => 0);
  const timings: { step: string; ms: number }[] = [];
  let done = 0;
  return {
    clock,
    timings,
    step<T>(name: AnalysisStep, run: () => T, earlierMs = 0): T {
      const started = clock();
      const value = run();
      timings.push({ step: name, ms: clock() - started + earlierMs });
      onProgress?.({ step: name, done: ++done, total: STEPS });
      hooks.onStepDone?.(name);
      return value;
    },
  };
}

/** Every step after the metrics, on this thread. */
function finishAnalysis(input: AnalysisInput, org: Organisation, work: GraphMetrics, options: AnalysisOptions, steps: StepRunner, emit: SectionSink, collaboration: CollaborationAnalysis): void {
  const communities = steps.step('communities', () => detectCommunities(org.work, options.seed, options.metrics.communities));
  const middle = middleSteps(input, org, work, options, steps, emit);
  lastSteps(org, work, options, steps, communities, middle, emit, {
    confidence: () => networkConfidence(org, options),
    regularLayout: () => regularLayout(org, options),
    collaboration,
  });
}

/** The force layout of the work graph, the one layout that takes a while. */
export function regularLayout(org: Organisation, options: AnalysisOptions): Layout & { iterations: number } {
  return forceLayout(org.work, org.unitOf, options.seed, options.layout.forceIterations, options.layout.forceWorkBudget);
}

/** What the steps between the communities and the confidence give. */
export type MiddleSteps = ReturnType<typeof middleSteps>;

/**
 * Brokerage to survey statistics: everything that reads only the organisation, the work
 * network's metrics and earlier steps. Each report is handed to `emit` when it is done; what it
 * gives back is what the last steps still read.
 */
export function middleSteps(input: Pick<AnalysisInput, 'leadership360'>, org: Organisation, work: GraphMetrics, options: AnalysisOptions, steps: StepRunner, emit: SectionSink) {
  const { step } = steps;
  const brokerageResult = step('brokerage', () => brokerage(org.work, org.unitOf));
  const roles = groupRoles(brokerageResult, options);

  const keyRoles = step('key-roles', () =>
    computeKeyRoles(
      org,
      {
        workBetweenness: work.betweenness!,
        betweenUnitBrokerage: brokerageResult.nodes.map((node) => node.raw.total - node.raw.coordinator),
      },
      options,
    ),
  );

  const { factors, assessments } = step('risk', () => {
    const factorList = computeRiskFactors(org, options);
    const incoming = work.eigenvector ?? work.pagerank;
    return { factors: factorList, assessments: assessRisk(org, factorList, incoming, options) };
  });
  const levels = assessments.map((a) => a.level);
  const factorCodes = factors.map((f) => f.factors);

  const { groups, retention } = step('groups', () => {
    const groupList = analyseGroups(org, { levels, factors: factorCodes, keyRoles: keyRoles.roles, groupRoles: roles }, options);
    return { groups: groupList, retention: retentionPages(org, levels, factorCodes, keyRoles.roles, roles, groupList, options) };
  });

  emit('brokerage', { graph: brokerageResult.graph, nodes: brokerageResult.nodes.map((node) => ({ raw: node.raw, z: node.z })) });
  emit('groups', groups);
  emit('retention', retention);
  // The reports are the largest sections after the metrics: each is handed over as soon as it is done.
  emit('leaderReports', step('leader-reports', () => leaderReports(org, options)));
  emit('individualReports', step('individual-reports', () => individualReports(org, options)));
  const report360 = step('reports-360', () => reports360(org, input.leadership360));
  emit('reports360', report360.reports);
  const statistics = step('survey-statistics', () => surveyStatistics(org, options));
  emit('surveyStatistics', statistics);
  return { roles, keyRoles, factors, assessments, warnings360: report360.warnings, answerCounts: statistics.answerCounts };
}

/**
 * The confidence and the force layout, given as thunks: computed here by `runAnalysis`, or taken
 * from worker threads by `runAnalysisAsync` (`waitedMs`: time spent waiting for them before).
 */
export interface LastParts {
  confidence: () => NetworkConfidence;
  regularLayout: () => Layout & { iterations: number };
  waitedMs?: { confidence: number; layouts: number };
  /** The collaboration network's analysis, computed with the metrics; null without collaboration data. */
  collaboration: CollaborationAnalysis;
}

/**
 * The people's section, communities and units, then confidence, layouts and graph data, each
 * handed to `emit`; last the timings and warnings, which every step adds to.
 */
export function lastSteps(org: Organisation, work: GraphMetrics, options: AnalysisOptions, steps: StepRunner, communities: Communities, middle: MiddleSteps, emit: SectionSink, parts: LastParts): void {
  const { step, timings } = steps;
  const { roles, keyRoles, factors, assessments, warnings360, answerCounts } = middle;
  // Before the graph data, the largest section built at the end, so the two need not be held together.
  emit(
    'employees',
    org.employees.map((employee, v) => ({
      id: employee.id,
      unitId: employee.unitId,
      leaderId: org.leaderOf[v]! >= 0 ? org.employees[org.leaderOf[v]!]!.id : null,
      hasAnswered: employee.hasAnswered,
      hierarchyLevel: org.hierarchyLevel[v]!,
      risk_level: assessments[v]!.level,
      riskScore: assessments[v]!.score,
      riskFactors: factors[v]!.factors,
      contagion: assessments[v]!.contagion,
      protection: assessments[v]!.protection,
      evidence: factors[v]!.evidence,
      keyRoles: keyRoles.roles[v]!,
      groupRoles: roles[v]!,
      community: communities.membership[v]!,
      directReports: org.directReports[v]!.map((r) => org.employees[r]!.id),
    })),
  );
  emit('communities', communities);
  emit('units', unitStructure(org.work, org.unitOf, org.units.length).map((u) => ({ ...u, unitId: org.units[u.unitIndex]!.id })));
  const collaboration = parts.collaboration;
  // The coverage joins the confidence only when there is collaboration data: a run without it stays as it was.
  emit('confidence', step('confidence', () => (collaboration ? { ...parts.confidence(), collaboration: collaboration.coverage } : parts.confidence()), parts.waitedMs?.confidence));
  emit('collaboration', collaboration ? collaboration.network : null);
  const layouts = step(
    'layouts',
    () => ({
      regular: parts.regularLayout(),
      circular: circularLayout(org.leaderOf, org.directReports, org.unitOf),
      orgchart: orgChartLayout(org.leaderOf, org.directReports),
      logo: logoLayout(org.unitOf, work.inDegree),
    }),
    parts.waitedMs?.layouts,
  );
  emit(
    'graph',
    step('graph-data', () => buildGraphData(org, keyRoles.roles, answerCounts, { regular: { x: layouts.regular.x, y: layouts.regular.y }, circular: layouts.circular, orgchart: layouts.orgchart, logo: layouts.logo }, options)),
  );
  emit('timings', timings);
  emit('warnings', [...org.warnings, ...warnings360]);
}
