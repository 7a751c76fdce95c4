import type { TGraphStatistics } from '@ona/contracts';

/**
 * The figures above the graph page (and in the executive report): people shown, directed ties
 * drawn, mutual pairs, and the share of drawn ties that are returned (0–100, one decimal). One
 * function for both, so that the report can never print another share than the page.
 */
export function tieStatistics(employeeCount: number, ties: readonly { mutual: boolean }[]): TGraphStatistics {
  const mutualTies = ties.reduce((sum, tie) => sum + (tie.mutual ? 1 : 0), 0);
  return {
    employee_count: employeeCount,
    connection_count: ties.length,
    mutual_count: mutualTies / 2,
    mutual_percentage: ties.length === 0 ? 0 : Math.round((mutualTies / ties.length) * 1000) / 10,
  };
}

/** Directed density: ties drawn over the n·(n−1) possible ones; null below two people. */
export function tieDensity(statistics: TGraphStatistics): number | null {
  const n = statistics.employee_count;
  return n < 2 ? null : statistics.connection_count / (n * (n - 1));
}
