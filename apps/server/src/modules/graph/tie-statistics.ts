import type { TGraphStatistics } from '@ona/contracts';

/**
 * The figures above the graph page (and in the executive report): people shown, directed ties
 * drawn, mutual pairs, and the share of drawn ties that are returned (0–100, one decimal). One
 * function for both, so that the report can never print another share than the page.
 *
 * An undirected network (the collaboration network: each tie is drawn both ways because it is
 * "met or communicated", not a nomination) has no reciprocity to measure: every tie would count
 * as returned (100 %). Its connections are its pairs, and the mutual figures are null.
 */
export function tieStatistics(employeeCount: number, ties: readonly { mutual: boolean }[], directed = true): TGraphStatistics {
  if (!directed) return { employee_count: employeeCount, connection_count: Math.ceil(ties.length / 2), directed: false, mutual_count: null, mutual_percentage: null };
  const mutualTies = ties.reduce((sum, tie) => sum + (tie.mutual ? 1 : 0), 0);
  return {
    employee_count: employeeCount,
    connection_count: ties.length,
    directed: true,
    mutual_count: mutualTies / 2,
    mutual_percentage: ties.length === 0 ? 0 : Math.round((mutualTies / ties.length) * 1000) / 10,
  };
}

/** Directed density: ties drawn over the n·(n−1) possible ones; null below two people. */
export function tieDensity(statistics: TGraphStatistics): number | null {
  const n = statistics.employee_count;
  // An undirected network's connections are pairs: n·(n−1)/2 possible ones.
  return n < 2 ? null : statistics.connection_count / ((n * (n - 1)) / (statistics.directed ? 1 : 2));
}
