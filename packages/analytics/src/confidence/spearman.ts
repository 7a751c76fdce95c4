/** Ranks 1..n with ties given their average rank, as Spearman's coefficient needs. */
export function averageRanks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(n);
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]!] === values[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!] = rank;
    i = j + 1;
  }
  return ranks;
}

/**
 * Spearman's rank correlation: Pearson's correlation of the average ranks, which stays exact with
 * ties (the 1 − 6Σd²/… shortcut does not). Null when either side is constant: a rank order that
 * does not exist cannot be compared.
 */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  if (a.length !== b.length) throw new Error('spearman needs two vectors of the same length');
  const ra = averageRanks(a);
  const rb = averageRanks(b);
  const n = ra.length;
  if (n < 2) return null;
  const mean = (n + 1) / 2;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < n; i++) {
    const da = ra[i]! - mean;
    const db = rb[i]! - mean;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return cov / Math.sqrt(va * vb);
}
