import type { Digraph } from '../graph/digraph.ts';

export const BROKERAGE_ROLES = ['coordinator', 'itinerant', 'representative', 'gatekeeper', 'liaison'] as const;
export type BrokerageRole = (typeof BROKERAGE_ROLES)[number];
/** The five roles and their total, in sna's column order (w_I, w_O, b_IO, b_OI, b_O, t). */
export const BROKERAGE_COLUMNS = [...BROKERAGE_ROLES, 'total'] as const;
export type BrokerageColumn = (typeof BROKERAGE_COLUMNS)[number];

export type BrokerageFigures = Record<BrokerageColumn, number>;

export interface NodeBrokerage {
  raw: BrokerageFigures;
  expected: BrokerageFigures;
  sd: BrokerageFigures;
  /** (raw − expected) / sd; null where sd is 0 (a one-person group has no within-group pairs). */
  z: Record<BrokerageColumn, number | null>;
}

export interface BrokerageResult {
  nodes: NodeBrokerage[];
  graph: { raw: BrokerageFigures; expected: BrokerageFigures; sd: BrokerageFigures; z: Record<BrokerageColumn, number | null> };
}

const ROLE_INDEX: Record<BrokerageRole, number> = { coordinator: 0, itinerant: 1, representative: 2, gatekeeper: 3, liaison: 4 };

/**
 * Gould & Fernandez (1989) brokerage with sna's conventions (Butts, `sna::brokerage`): the
 * adjacency is A[i,j] = 1 when i nominates j. Broker j sits on the two-path i→j→k (i ≠ k, no i→k):
 * coordinator: i, j, k in one group; representative: i with j, k elsewhere; gatekeeper: j with k,
 * i elsewhere; itinerant: i with k, j elsewhere; liaison: all in different groups.
 * Expectations and variances are sna's closed forms for a random digraph of the same density.
 */
export function brokerage(graph: Digraph, groupOf: ArrayLike<number>): BrokerageResult {
  const n = graph.nodeCount;
  const counts = new Float64Array(n * 5);
  const { outOffsets, outTargets } = graph;
  // Every two-path i→j→k from its start i, with i's own ties marked first (named[k] === i: i→k
  // exists), so the "no i→k" check is one read instead of a search of i's row (100,000 people:
  // 34 million two-paths). The counts are whole numbers, so their order of addition changes nothing.
  const named = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const gi = groupOf[i]!;
    for (let a = outOffsets[i]!; a < outOffsets[i + 1]!; a++) named[outTargets[a]!] = i;
    for (let a = outOffsets[i]!; a < outOffsets[i + 1]!; a++) {
      const j = outTargets[a]!;
      const gj = groupOf[j]!;
      for (let b = outOffsets[j]!; b < outOffsets[j + 1]!; b++) {
        const k = outTargets[b]!;
        if (k === i || named[k] === i) continue;
        const gk = groupOf[k]!;
        let role: number;
        if (gi === gj) role = gj === gk ? 0 : 2;
        else if (gj === gk) role = 3;
        else role = gi === gk ? 1 : 4;
        counts[j * 5 + role]!++;
      }
    }
  }
  const moments = snaMoments(n, graph.edgeCount, groupOf);
  const nodes: NodeBrokerage[] = [];
  const graphRaw = zeroFigures();
  for (let v = 0; v < n; v++) {
    const raw = zeroFigures();
    for (const role of BROKERAGE_ROLES) raw[role] = counts[v * 5 + ROLE_INDEX[role]]!;
    raw.total = raw.coordinator + raw.itinerant + raw.representative + raw.gatekeeper + raw.liaison;
    for (const column of BROKERAGE_COLUMNS) graphRaw[column] += raw[column];
    const group = moments.byGroup.get(groupOf[v]!)!;
    nodes.push({ raw, expected: group.expected, sd: group.sd, z: zScores(raw, group.expected, group.sd) });
  }
  return {
    nodes,
    graph: { raw: graphRaw, expected: moments.graph.expected, sd: moments.graph.sd, z: zScores(graphRaw, moments.graph.expected, moments.graph.sd) },
  };
}

function zeroFigures(): BrokerageFigures {
  return { coordinator: 0, itinerant: 0, representative: 0, gatekeeper: 0, liaison: 0, total: 0 };
}

function zScores(raw: BrokerageFigures, expected: BrokerageFigures, sd: BrokerageFigures): Record<BrokerageColumn, number | null> {
  const z = {} as Record<BrokerageColumn, number | null>;
  for (const column of BROKERAGE_COLUMNS) z[column] = sd[column] > 0 ? (raw[column] - expected[column]) / sd[column] : null;
  return z;
}

interface Moments {
  expected: BrokerageFigures;
  sd: BrokerageFigures;
}

function choose2(x: number): number {
  return (x * (x - 1)) / 2;
}

/**
 * sna 2.7's moments, transcribed: d = m / (N(N−1)), q = d²(1−d) the chance that a given ordered
 * triple is an open two-path, r = d³(1−d)³ the covariance term of two triples sharing a tie.
 */
function snaMoments(N: number, m: number, groupOf: ArrayLike<number>): { byGroup: Map<number, Moments>; graph: Moments } {
  const sizes = new Map<number, number>();
  for (let v = 0; v < N; v++) sizes.set(groupOf[v]!, (sizes.get(groupOf[v]!) ?? 0) + 1);
  const groups = [...sizes.keys()];
  const ns = groups.map((g) => sizes.get(g)!);
  const d = N > 1 ? m / (N * (N - 1)) : 0;
  const q = d * d * (1 - d);
  const r = d ** 3 * (1 - d) ** 3;
  const byGroup = new Map<number, Moments>();
  groups.forEach((g, gi) => {
    const ni = ns[gi]!;
    const others = ns.filter((_, idx) => idx !== gi);
    let sumOthersPairs = 0;
    let sumOthersTriples = 0;
    let sumOthers = 0;
    let sumOthersSq = 0;
    let liaisonCov = 0;
    for (const x of others) {
      sumOthersPairs += x * (x - 1);
      sumOthersTriples += x * (x - 1) * (x - 2);
      sumOthers += x;
      sumOthersSq += x * x;
      liaisonCov += x * choose2(N - x - ni);
    }
    const e = zeroFigures();
    const v = zeroFigures();
    e.coordinator = q * (ni - 1) * (ni - 2);
    v.coordinator = e.coordinator * (1 - q) + 2 * (ni - 1) * (ni - 2) * (ni - 3) * r;
    e.itinerant = q * sumOthersPairs;
    v.itinerant = e.itinerant * (1 - q) + 2 * sumOthersTriples * r;
    e.representative = q * (N - ni) * (ni - 1);
    v.representative = e.representative * (1 - q) + 2 * ((ni - 1) * choose2(N - ni) + (N - ni) * choose2(ni - 1)) * r;
    e.gatekeeper = e.representative;
    v.gatekeeper = v.representative;
    e.liaison = q * (sumOthers * sumOthers - sumOthersSq);
    v.liaison = e.liaison * (1 - q) + 4 * liaisonCov * r;
    e.total = q * (N - 1) * (N - 2);
    v.total = e.total * (1 - q) + 2 * (N - 1) * (N - 2) * (N - 3) * r;
    byGroup.set(g, { expected: e, sd: sqrtFigures(v) });
  });

  const r4 = d ** 4 * (1 - d) ** 2;
  const r5 = d ** 5 * (1 - d);
  const eg = zeroFigures();
  const vg = zeroFigures();
  let sumTriples = 0;
  let sumCross = 0;
  let varCoordinator = 0;
  let varRepresentative = 0;
  let varItinerantSelf = 0;
  for (const x of ns) {
    sumTriples += x * (x - 1) * (x - 2);
    sumCross += x * (N - x) * (x - 1);
    varCoordinator += x * (x - 1) * (x - 2) * ((4 * x - 10) * r - 4 * (x - 3) * r4 + (x - 3) * r5);
    varRepresentative += x * (N - x) * (x - 1) * ((N - 3) * r + (x - 2) * r5);
    varItinerantSelf += x * x * (x - 1) * ((4 * x - 6) * r + (N - x - 1) * r5);
  }
  let varItinerantOuter = 0;
  let liaisonOuter = 0;
  for (const x of ns) {
    for (const y of ns) {
      varItinerantOuter += x * y * (x - 1) * ((2 * x + 2 * y - 6) * r + (N - x - 1) * r5);
      liaisonOuter += x * y * (N - x - y);
    }
  }
  let liaisonSelf = 0;
  for (const x of ns) liaisonSelf += x * x * (N - 2 * x);
  eg.coordinator = q * sumTriples;
  vg.coordinator = eg.coordinator * (1 - q) + varCoordinator;
  eg.itinerant = q * sumCross;
  vg.itinerant = eg.itinerant * (1 - q) + (varItinerantOuter - varItinerantSelf);
  eg.representative = q * sumCross;
  vg.representative = eg.representative * (1 - q) + varRepresentative;
  eg.gatekeeper = eg.representative;
  vg.gatekeeper = vg.representative;
  eg.liaison = q * (liaisonOuter - liaisonSelf);
  vg.liaison = eg.liaison * (1 - q);
  vg.liaison += liaisonTripleTerm(ns, N, r, r4, r5);
  eg.total = q * N * (N - 1) * (N - 2);
  vg.total = eg.total * (1 - q) + N * (N - 1) * (N - 2) * ((4 * N - 10) * r - 4 * (N - 3) * r4 + (N - 3) * r5);
  return { byGroup, graph: { expected: eg, sd: sqrtFigures(vg) } };
}

/**
 * sna sums ni·nj·nk·(C0 + a·ni + b·nj + c·nk) over ordered triples of distinct groups, a cubic
 * loop that takes minutes with 1,500 units. The sum is symmetric, so it reduces to power sums
 * Sp = Σ nᵖ: T111 = S1³ − 3S1S2 + 2S3 and T211 = S2S1² − 2S3S1 − S2² + 2S4.
 */
function liaisonTripleTerm(ns: readonly number[], N: number, r: number, r4: number, r5: number): number {
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  for (const x of ns) {
    s1 += x;
    s2 += x * x;
    s3 += x * x * x;
    s4 += x * x * x * x;
  }
  const t111 = s1 ** 3 - 3 * s1 * s2 + 2 * s3;
  const t211 = s2 * s1 * s1 - 2 * s3 * s1 - s2 * s2 + 2 * s4;
  // Coefficients of (4(N−nj) − 2(ni+nk+1))r − (4(N−nk) − 2(ni+nj+1))r4 + (N − ni − nk − 1)r5.
  const constant = (4 * N - 2) * r - (4 * N - 2) * r4 + (N - 1) * r5;
  const linear = (-2 - 4 - 2) * r + (2 + 2 + 4) * r4 + (-1 - 1) * r5;
  return constant * t111 + linear * t211;
}

function sqrtFigures(variance: BrokerageFigures): BrokerageFigures {
  const sd = zeroFigures();
  for (const column of BROKERAGE_COLUMNS) sd[column] = Math.sqrt(Math.max(0, variance[column]));
  return sd;
}
