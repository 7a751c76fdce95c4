/**
 * The smallest value still in the top share: a value is in the top share when fewer than
 * ceil(share·n) people have a strictly larger one, so ties at the boundary are all in.
 */
export function topShareThreshold(values: ArrayLike<number>, share: number): number {
  const n = values.length;
  if (n === 0) return Infinity;
  const sorted = Float64Array.from(values).sort();
  const k = Math.max(1, Math.ceil(share * n));
  return sorted[n - k]!;
}

/**
 * Whether a value is in the top share of `values` (ties at the boundary in), counting values within
 * floating-point noise of the boundary as tied with it. Betweenness and eigenvector scores are sums
 * whose order follows the input's order: the same person can come out as 3 or 3.0000000000000004
 * when the employees are listed differently, and a person tied at the boundary must not gain or
 * lose a role by that (the rename-and-shuffle property of run-analysis.test.ts found such a case).
 */
export function inTopShare(values: ArrayLike<number>, share: number): (value: number) => boolean {
  const threshold = topShareThreshold(values, share);
  const tolerance = 1e-9 * Math.max(1, Math.abs(threshold));
  return (value) => value >= threshold - tolerance;
}

/** The largest value still in the bottom share (ties at the boundary included). */
export function bottomShareThreshold(values: ArrayLike<number>, share: number): number {
  const n = values.length;
  if (n === 0) return -Infinity;
  const sorted = Float64Array.from(values).sort();
  const k = Math.max(1, Math.ceil(share * n));
  return sorted[k - 1]!;
}

export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Linear-interpolated quantile (type 7, as R and NumPy default). */
export function quantile(values: ArrayLike<number>, p: number): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Gini coefficient of non-negative values; 0 for all-equal (or all-zero) values. */
export function gini(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  let total = 0;
  let weighted = 0;
  sorted.forEach((value, i) => {
    total += value;
    weighted += (i + 1) * value;
  });
  if (total === 0) return 0;
  return (2 * weighted) / (n * total) - (n + 1) / n;
}
