import type { RiskFactorCode } from './risk/factor-codes.ts';
import { RISK_FACTOR_CODES } from './risk/factor-codes.ts';

/** A rule that pairs an absolute threshold with a relative one (top share of the organisation). */
export interface PairedThreshold {
  /** Fires above this value (strictly greater). */
  above: number;
  /** …or in this top share of the organisation (0.05 = top 5%)… */
  topShare: number;
  /** …provided the value is at least this much, so that the relative part does not flag ordinary people in a flat team. */
  relativeFloor: number;
}

/** A key role: at least `minimum` and within the top share of the organisation. */
export interface RoleThreshold {
  minimum: number;
  topShare: number;
}

export interface AnalysisOptions {
  seed: number;
  metrics: {
    pagerank: { alpha: number; tolerance: number; maxIterations: number };
    eigenvector: { tolerance: number; maxIterations: number };
    hits: { tolerance: number; maxIterations: number };
    betweenness: {
      /** Exact Brandes up to this many employees, pivot sampling above (measured: see docs/methods.md). */
      exactMaxNodes: number;
      pivots: number;
      /** Pivots on the work graph, which the broker role and key-person checks read. */
      workPivots: number;
      /**
       * Exact Brandes on the work graph up to this many employees, pivots above. The work graph is
       * the one rules read (broker role, key-person checks), so it gets exact values far beyond
       * the other graphs. Depends on size only, never on the number of worker threads.
       */
      workExactMaxNodes: number;
      /** Betweenness on every per-kind and per-category graph only up to this size; above it only on the graphs a rule reads. */
      allGraphsMaxNodes: number;
      /**
       * runAnalysisAsync with workers > 1 starts worker threads from this size; below it one
       * thread is faster than starting workers. The result is the same either way.
       */
      parallelMinNodes: number;
    };
    /**
     * Communities (Leiden, iterated until stable, best of several seeded runs): `resolution` γ
     * (1 is standard modularity), `runs` on the work graph, `networkRuns` on each per-kind and
     * per-category graph (22 graphs, so fewer runs keep the metrics step short).
     */
    communities: { resolution: number; runs: number; networkRuns: number };
    /**
     * Harmonic closeness: every person a source up to `exactMaxNodes`, else `pivots` seeded
     * sources (`workPivots` on the work graph). One breadth-first search per source.
     */
    closeness: { exactMaxNodes: number; pivots: number; workPivots: number };
    /**
     * Closeness, communities and brokerage of every per-kind and per-category network up to this
     * many employees; above it only on the work network (Louvain and brokerage on 22 more graphs
     * would double the metrics step of a large organisation).
     */
    perNetworkExtrasMaxNodes: number;
  };
  /**
   * Rank stability (confidence/): resamples with a share of the respondents dropped, `repeats` on
   * the work network and `networkRepeats` on each per-kind and per-category network. Chosen from
   * the measured cost so the step adds a modest share to a run (docs/confidence.md). Betweenness
   * and closeness are exact up to `exactMaxNodes` people, above it from `pivots` seeded sources.
   * The per-kind and per-category networks are tested up to `networkMaxNodes` people; above it only
   * the work network (like `metrics.perNetworkExtrasMaxNodes`: 16 more networks would double the step).
   */
  confidence: { repeats: number; networkRepeats: number; exactMaxNodes: number; pivots: number; networkMaxNodes: number };
  risk: {
    overloadedInCooperation: PairedThreshold;
    overwhelmedWithPersonalSupport: PairedThreshold;
    overwhelmedWithConsultancy: PairedThreshold;
    /** Reciprocated share of one's work contacts inside the unit at or below which one is alienated. */
    alienatedMaxReciprocation: number;
    alienatedMinContacts: number;
    /** Work in-degree at or below which one is unnoticed… */
    unnoticedMaxInDegree: number;
    /** …or in this bottom share while below half the median. */
    unnoticedBottomShare: number;
    /** Weight of each factor in the risk score. */
    factorWeights: Record<RiskFactorCode, number>;
    highRiskLevel: number;
    contagionSimilarity: number;
    contagionPeers: number;
    protectionTopEigenvectorShare: number;
    protectionFriends: number;
  };
  keyRoles: {
    advisor: RoleThreshold;
    expert: RoleThreshold;
    ideamaker: RoleThreshold;
    kol: RoleThreshold;
    mentor: RoleThreshold;
    spreader: RoleThreshold;
    talent: RoleThreshold;
    /** Broker: between-unit brokerage count at least `minimum` and betweenness in the top share. */
    broker: RoleThreshold;
  };
  brokerage: {
    /** Absolute part of a group role: at least this many two-paths of the role's type… */
    minCount: number;
    /** …brokered significantly more than chance (z against sna's random-graph model)… */
    zThreshold: number;
    /** …and in this top share of the organisation by the role's count (the relative part). */
    topShare: number;
  };
  groups: {
    atRiskShare: number;
    widespreadShare: number;
    commonCauseShare: number;
    managerMaxSpan: number;
    neglectedRedFlag: number;
    neglectedPattern: number;
    /** A member counts as neglected with at least this many of the five leader-relationship factors. */
    neglectedMinLeaderFactors: number;
    keyPersonTopN: number;
    lowReciprocity: number;
    unequalAttentionGini: number;
    closeFollowers: number;
  };
  leaderScores: { lowPercentile: number; highPercentile: number; minLeadersForRelative: number };
  individual: {
    tooManyMutual: number;
    tooManyTurningToYou: number;
    highInfluenceShare: number;
    operativeImplementorShare: number;
  };
  statistics: { highAnswerCount: number };
  layout: {
    /** ForceAtlas2 iterations; large organisations get fewer (see forceIterationsFor). */
    forceIterations: number;
    /** Work allowed for the force layout, in pair visits (n² per exact iteration, ~400·n with Barnes–Hut). */
    forceWorkBudget: number;
    nodeSize: number;
    palette: readonly string[];
  };
}

export const PALETTE_18 = [
  // The 18 named unit colours (indigo, coral, teal, amber, violet, sky, orange, pink, lime, navy,
  // brick, forest, gold, plum, ocean, rust, slate, olive): distinguishable side by side on a white
  // canvas; the web client's colours page shows the same list with its names.
  '#4c6ef5', '#ff6b6b', '#12b886', '#fab005', '#7950f2', '#15aabf', '#fd7e14', '#e64980', '#82c91e',
  '#1c3f8c', '#c92a2a', '#2b8a3e', '#b08900', '#862e9c', '#0b7285', '#d9480f', '#495057', '#5c7a29',
] as const;

const DEFAULT_WEIGHTS: Record<RiskFactorCode, number> = {
  isolated: 2,
  noChemistryWithLeader: 1.5,
  lackOfManagersAttention: 1,
  lackOfManagersSupport: 1,
  lackOfManagersFeedback: 0.5,
  lackOfManagersRecognition: 0.5,
  lackOfRespect: 1,
  lackOfSupport: 0.5,
  lackOfFeedback: 0.5,
  lackOfRecognition: 0.5,
  overloadedInCooperation: 1,
  overwhelmedWithPersonalSupport: 1,
  overwhelmedWithConsultancy: 1,
  unnoticed: 1,
  alienatedFromGroup: 1,
  lackOfDevelopment: 0.5,
};

/** Every threshold of the engine; the defaults are the spec's constants (section 9). */
export const DEFAULT_OPTIONS: AnalysisOptions = {
  seed: 20_260_101,
  metrics: {
    pagerank: { alpha: 0.85, tolerance: 1e-12, maxIterations: 1000 },
    eigenvector: { tolerance: 1e-12, maxIterations: 1000 },
    hits: { tolerance: 1e-12, maxIterations: 1000 },
    betweenness: { exactMaxNodes: 600, pivots: 256, workPivots: 2048, workExactMaxNodes: 20_000, allGraphsMaxNodes: 1_000_000, parallelMinNodes: 1000 },
    communities: { resolution: 1, runs: 5, networkRuns: 2 },
    closeness: { exactMaxNodes: 2000, pivots: 512, workPivots: 2048 },
    perNetworkExtrasMaxNodes: 2000,
  },
  confidence: { repeats: 12, networkRepeats: 2, exactMaxNodes: 600, pivots: 64, networkMaxNodes: 2000 },
  risk: {
    // Spec: "more than 15 collaborators".
    overloadedInCooperation: { above: 15, topShare: 0.05, relativeFloor: 8 },
    // Spec: "more than 12 people asking for weekly personal support".
    overwhelmedWithPersonalSupport: { above: 12, topShare: 0.05, relativeFloor: 6 },
    // Spec (DECISIONS): "more than 20 advice seekers" in every language.
    overwhelmedWithConsultancy: { above: 20, topShare: 0.05, relativeFloor: 10 },
    // Spec (DECISIONS): "reciprocation of work contacts 30% or less".
    alienatedMaxReciprocation: 0.3,
    alienatedMinContacts: 3,
    unnoticedMaxInDegree: 1,
    unnoticedBottomShare: 0.1,
    factorWeights: DEFAULT_WEIGHTS,
    highRiskLevel: 3,
    contagionSimilarity: 0.5,
    contagionPeers: 2,
    protectionTopEigenvectorShare: 0.25,
    protectionFriends: 2,
  },
  keyRoles: {
    advisor: { minimum: 5, topShare: 0.1 },
    expert: { minimum: 5, topShare: 0.1 },
    ideamaker: { minimum: 4, topShare: 0.1 },
    kol: { minimum: 5, topShare: 0.1 },
    mentor: { minimum: 4, topShare: 0.1 },
    spreader: { minimum: 5, topShare: 0.1 },
    talent: { minimum: 6, topShare: 0.1 },
    broker: { minimum: 10, topShare: 0.05 },
  },
  // The top 10% is the key roles' share: z alone flags most between-unit brokers of a large,
  // sparse organisation (the random-graph expectation is tiny there), see docs/methods.md.
  brokerage: { minCount: 1, zThreshold: 1.96, topShare: 0.1 },
  groups: {
    // Spec: "a group is at risk when more than 30% of its employees are at risk".
    atRiskShare: 0.3,
    widespreadShare: 0.5,
    commonCauseShare: 0.3,
    // Spec: "a manager cannot support a team above 15 people".
    managerMaxSpan: 15,
    // Spec: "two neglected employees are a red flag, three or more a pattern".
    neglectedRedFlag: 2,
    neglectedPattern: 3,
    neglectedMinLeaderFactors: 3,
    keyPersonTopN: 3,
    lowReciprocity: 0.3,
    unequalAttentionGini: 0.5,
    closeFollowers: 2,
  },
  leaderScores: { lowPercentile: 0.05, highPercentile: 0.95, minLeadersForRelative: 5 },
  individual: {
    // Spec: "15 or more mutual relations is too many", "20 or more people turning to you is too many".
    tooManyMutual: 15,
    tooManyTurningToYou: 20,
    // Spec: "influence is high above 40%".
    highInfluenceShare: 0.4,
    // Spec: "operative-level people should have at least 50% of their relations with implementors".
    operativeImplementorShare: 0.5,
    // The spec's "human limits" (7 people fully grasped, 150 contacts) are background for the
    // reports' texts, not a rule: no result field reads them, so they are no options either.
  },
  // Spec: "0 to 13 answers is low, 14 and over is high".
  statistics: { highAnswerCount: 14 },
  layout: { forceIterations: 200, forceWorkBudget: 50_000_000, nodeSize: 0.15, palette: PALETTE_18 },
};

export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/**
 * Merges partial options over the defaults (arrays and scalars replace, objects merge). Options
 * often come from JSON or a settings screen, where the compiler cannot help, so the shape is
 * checked against the defaults first: an unknown key (usually a misspelling, which would otherwise
 * be ignored silently and run the analysis with the default) and a value of the wrong type (null,
 * a string for a number, …) throw an InvalidOptionsError that names the path and the fix.
 */
export function resolveOptions(partial: DeepPartial<AnalysisOptions> = {}): AnalysisOptions {
  const problems: string[] = [];
  const merged = mergeChecked(DEFAULT_OPTIONS, partial, '', problems);
  if (problems.length > 0) throw new InvalidOptionsError(problems);
  return merged as AnalysisOptions;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value}" (a string)`;
  if (typeof value === 'object') return 'an object';
  return `${String(value)} (a ${typeof value})`;
}

function mergeChecked(base: unknown, patch: unknown, path: string, problems: string[]): unknown {
  if (patch === undefined) return base;
  const at = path === '' ? 'the options' : path;
  if (Array.isArray(base)) {
    // The only array is the palette: a list of CSS colours.
    if (!Array.isArray(patch) || !patch.every((item) => typeof item === 'string')) {
      problems.push(`${at} is ${describeValue(patch)}; give a list of colour strings such as ["#4c6ef5", "#ff6b6b"], or leave it out for the default.`);
      return base;
    }
    return patch;
  }
  if (isPlainObject(base)) {
    const keys = Object.keys(base);
    if (!isPlainObject(patch)) {
      problems.push(`${at} is ${describeValue(patch)}; give an object with some of ${keys.join(', ')}, or leave ${path === '' ? 'them' : path} out to keep the defaults.`);
      return base;
    }
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      const child = path === '' ? key : `${path}.${key}`;
      if (!Object.hasOwn(base, key)) {
        const nearest = nearestKey(key, keys);
        problems.push(`${child} is not an option; did you mean ${path === '' ? nearest : `${path}.${nearest}`}? (${at === 'the options' ? 'top-level keys' : `keys of ${path}`}: ${keys.join(', ')})`);
        continue;
      }
      out[key] = mergeChecked(base[key], value, child, problems);
    }
    return out;
  }
  if (typeof patch !== typeof base) {
    problems.push(`${at} is ${describeValue(patch)}; give a ${typeof base} such as ${JSON.stringify(base)} (the default), or leave it out.`);
    return base;
  }
  return patch;
}

/** The valid key closest to a misspelt one: fewest edits, ignoring case, then the first listed. */
function nearestKey(key: string, candidates: readonly string[]): string {
  let best = candidates[0]!;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

export class InvalidOptionsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid analysis options:\n- ${problems.join('\n- ')}`);
    this.name = 'InvalidOptionsError';
  }
}

/** Returns the problems (empty when valid); each message says how to fix it. */
export function validateOptions(options: AnalysisOptions): string[] {
  const problems: string[] = [];
  const share = (path: string, value: number): void => {
    if (!(Number.isFinite(value) && value > 0 && value <= 1)) problems.push(`${path} is ${value}; use a share between 0 (exclusive) and 1, e.g. 0.05 for 5%.`);
  };
  const nonNegative = (path: string, value: number): void => {
    if (!(Number.isFinite(value) && value >= 0)) problems.push(`${path} is ${value}; use a finite number ≥ 0.`);
  };
  const positiveInteger = (path: string, value: number): void => {
    if (!(Number.isInteger(value) && value > 0)) problems.push(`${path} is ${value}; use a whole number ≥ 1.`);
  };
  if (!Number.isInteger(options.seed)) problems.push(`seed is ${options.seed}; use a whole number (any fixed value gives a reproducible run).`);
  const { pagerank, eigenvector, hits, betweenness } = options.metrics;
  if (!(pagerank.alpha > 0 && pagerank.alpha < 1)) problems.push(`metrics.pagerank.alpha is ${pagerank.alpha}; use a damping factor strictly between 0 and 1 (0.85 is standard).`);
  for (const [path, value] of [
    ['metrics.pagerank', pagerank],
    ['metrics.eigenvector', eigenvector],
    ['metrics.hits', hits],
  ] as const) {
    if (!(value.tolerance > 0 && value.tolerance < 1e-3)) problems.push(`${path}.tolerance is ${value.tolerance}; use a small positive number such as 1e-12.`);
    positiveInteger(`${path}.maxIterations`, value.maxIterations);
  }
  positiveInteger('metrics.betweenness.exactMaxNodes', betweenness.exactMaxNodes);
  positiveInteger('metrics.betweenness.pivots', betweenness.pivots);
  positiveInteger('metrics.betweenness.workPivots', betweenness.workPivots);
  positiveInteger('metrics.betweenness.workExactMaxNodes', betweenness.workExactMaxNodes);
  nonNegative('metrics.betweenness.allGraphsMaxNodes', betweenness.allGraphsMaxNodes);
  nonNegative('metrics.betweenness.parallelMinNodes', betweenness.parallelMinNodes);
  positiveInteger('metrics.closeness.exactMaxNodes', options.metrics.closeness.exactMaxNodes);
  positiveInteger('metrics.closeness.pivots', options.metrics.closeness.pivots);
  positiveInteger('metrics.closeness.workPivots', options.metrics.closeness.workPivots);
  nonNegative('metrics.perNetworkExtrasMaxNodes', options.metrics.perNetworkExtrasMaxNodes);
  const communities = options.metrics.communities;
  if (!(communities.resolution > 0)) problems.push(`metrics.communities.resolution is ${communities.resolution}; use a positive number (1 is standard modularity).`);
  positiveInteger('metrics.communities.runs', communities.runs);
  positiveInteger('metrics.communities.networkRuns', communities.networkRuns);

  positiveInteger('confidence.repeats', options.confidence.repeats);
  positiveInteger('confidence.networkRepeats', options.confidence.networkRepeats);
  positiveInteger('confidence.exactMaxNodes', options.confidence.exactMaxNodes);
  positiveInteger('confidence.pivots', options.confidence.pivots);
  nonNegative('confidence.networkMaxNodes', options.confidence.networkMaxNodes);

  const risk = options.risk;
  for (const key of ['overloadedInCooperation', 'overwhelmedWithPersonalSupport', 'overwhelmedWithConsultancy'] as const) {
    nonNegative(`risk.${key}.above`, risk[key].above);
    share(`risk.${key}.topShare`, risk[key].topShare);
    nonNegative(`risk.${key}.relativeFloor`, risk[key].relativeFloor);
    if (risk[key].relativeFloor > risk[key].above + 1) problems.push(`risk.${key}.relativeFloor (${risk[key].relativeFloor}) is above the absolute threshold (${risk[key].above}); lower it, or the relative rule can never add anyone.`);
  }
  share('risk.alienatedMaxReciprocation', risk.alienatedMaxReciprocation);
  positiveInteger('risk.alienatedMinContacts', risk.alienatedMinContacts);
  nonNegative('risk.unnoticedMaxInDegree', risk.unnoticedMaxInDegree);
  share('risk.unnoticedBottomShare', risk.unnoticedBottomShare);
  for (const code of RISK_FACTOR_CODES) {
    const weight = risk.factorWeights[code];
    if (weight === undefined) problems.push(`risk.factorWeights.${code} is missing; give every risk factor a weight (1 is an ordinary factor).`);
    else nonNegative(`risk.factorWeights.${code}`, weight);
  }
  if (!(Number.isInteger(risk.highRiskLevel) && risk.highRiskLevel >= 1 && risk.highRiskLevel <= 4)) problems.push(`risk.highRiskLevel is ${risk.highRiskLevel}; use a level from 1 to 4 (the spec calls 3 high risk).`);
  share('risk.contagionSimilarity', risk.contagionSimilarity);
  positiveInteger('risk.contagionPeers', risk.contagionPeers);
  share('risk.protectionTopEigenvectorShare', risk.protectionTopEigenvectorShare);
  positiveInteger('risk.protectionFriends', risk.protectionFriends);

  for (const [role, rule] of Object.entries(options.keyRoles)) {
    nonNegative(`keyRoles.${role}.minimum`, rule.minimum);
    share(`keyRoles.${role}.topShare`, rule.topShare);
  }
  nonNegative('brokerage.minCount', options.brokerage.minCount);
  share('brokerage.topShare', options.brokerage.topShare);
  if (!(options.brokerage.zThreshold > 0)) problems.push(`brokerage.zThreshold is ${options.brokerage.zThreshold}; use a positive z, e.g. 1.96 for two-sided 5% significance.`);

  const groups = options.groups;
  share('groups.atRiskShare', groups.atRiskShare);
  share('groups.widespreadShare', groups.widespreadShare);
  share('groups.commonCauseShare', groups.commonCauseShare);
  positiveInteger('groups.managerMaxSpan', groups.managerMaxSpan);
  positiveInteger('groups.neglectedRedFlag', groups.neglectedRedFlag);
  positiveInteger('groups.neglectedPattern', groups.neglectedPattern);
  if (groups.neglectedPattern <= groups.neglectedRedFlag) problems.push(`groups.neglectedPattern (${groups.neglectedPattern}) must exceed groups.neglectedRedFlag (${groups.neglectedRedFlag}); the spec uses 2 and 3.`);
  positiveInteger('groups.keyPersonTopN', groups.keyPersonTopN);
  if (!(Number.isInteger(groups.neglectedMinLeaderFactors) && groups.neglectedMinLeaderFactors >= 1 && groups.neglectedMinLeaderFactors <= 5)) problems.push(`groups.neglectedMinLeaderFactors is ${groups.neglectedMinLeaderFactors}; use a whole number from 1 to 5 (there are five leader-relationship factors).`);
  share('groups.lowReciprocity', groups.lowReciprocity);
  share('groups.unequalAttentionGini', groups.unequalAttentionGini);
  positiveInteger('groups.closeFollowers', groups.closeFollowers);

  const { lowPercentile, highPercentile } = options.leaderScores;
  if (!(lowPercentile >= 0 && highPercentile <= 1 && lowPercentile < highPercentile)) problems.push(`leaderScores percentiles are ${lowPercentile} and ${highPercentile}; use 0 ≤ low < high ≤ 1, e.g. 0.05 and 0.95.`);
  positiveInteger('leaderScores.minLeadersForRelative', options.leaderScores.minLeadersForRelative);
  positiveInteger('individual.tooManyMutual', options.individual.tooManyMutual);
  positiveInteger('individual.tooManyTurningToYou', options.individual.tooManyTurningToYou);
  share('individual.highInfluenceShare', options.individual.highInfluenceShare);
  share('individual.operativeImplementorShare', options.individual.operativeImplementorShare);
  positiveInteger('statistics.highAnswerCount', options.statistics.highAnswerCount);
  nonNegative('layout.forceIterations', options.layout.forceIterations);
  positiveInteger('layout.forceWorkBudget', options.layout.forceWorkBudget);
  if (!(options.layout.nodeSize > 0)) problems.push(`layout.nodeSize is ${options.layout.nodeSize}; use a positive size (the spec's default is 0.15).`);
  if (options.layout.palette.length === 0) problems.push('layout.palette is empty; give at least one colour (the spec uses 18).');
  return problems;
}

export function assertValidOptions(options: AnalysisOptions): void {
  const problems = validateOptions(options);
  if (problems.length > 0) throw new InvalidOptionsError(problems);
}
