/**
 * mulberry32: a tiny seeded generator. The engine must give the same result on every machine and
 * every run, so nothing may call Math.random.
 */
export type Rng = () => number;

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** k distinct indices of 0..n-1 (partial Fisher–Yates), in ascending order. */
export function samplePivots(n: number, k: number, rng: Rng): Int32Array {
  const pool = new Int32Array(n);
  for (let i = 0; i < n; i++) pool[i] = i;
  const take = Math.min(n, k);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(rng() * (n - i));
    const tmp = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = tmp;
  }
  return pool.subarray(0, take).sort();
}
