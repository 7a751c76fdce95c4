/**
 * The leading eigenvector of a symmetric positive semi-definite operator (HITS's AᵀA), by the
 * Lanczos process (Golub & Van Loan, Matrix Computations, 4th ed., §10.1 and §10.3), from a
 * given start.
 *
 * Why: the power iteration's error shrinks by λ₂/λ₁ a step, and on the organisation networks that
 * ratio stays near 0.9 for HITS (units dense, ties between them few; a tail that is not one steady
 * ratio, so power-extrapolation.ts rarely fires): 150–250 steps per network at 100,000 people,
 * 16 s of the analysis' CPU. Lanczos' error shrinks like 1/T_k(1 + 2γ) (T_k the Chebyshev
 * polynomial, γ the relative gap), which reaches the same accuracy in a fraction of the steps.
 *
 * The caller treats the result as a start only: it goes on with its plain power steps and stops on
 * a plain step below its tolerance, as before, so the fixed point and its certificate are unchanged
 * (hits.ts). A Krylov space from `start` holds only the part of an eigenspace that `start` has, so
 * where the leading eigenvalue is repeated (two components alike) the result is the projection of
 * `start`, as the power iteration's is.
 */

/** y = M·x for the operator; `out` is overwritten. */
export type SymmetricOperator = (x: Float64Array, out: Float64Array) => void;

export interface LanczosOptions {
  /** Steps at most (each one application of M and a reorthogonalisation against the basis so far). */
  maxSteps: number;
  /** Stop when the Ritz pair's residual ‖M·y − θ·y‖ is below this share of θ. */
  relativeResidual: number;
}

/**
 * Room for the basis, which a caller that runs many (a pool thread, network after network) keeps:
 * memory the system hands out afresh costs far more here than the arithmetic done in it (64 vectors
 * of 100,000 took 120–190 ms to allocate and touch the first time, 57–72 ms reused, where 256
 * passes of arithmetic over them took 20 ms).
 */
export interface LanczosWorkspace {
  store: Float64Array;
}

export function createLanczosWorkspace(): LanczosWorkspace {
  return { store: new Float64Array(0) };
}

/**
 * The Ritz vector of the largest Ritz value after enough steps (unit length, its entries summing
 * to a non-negative number), or null when `start` is zero or M·start is zero.
 */
export function lanczosLeading(
  n: number,
  apply: SymmetricOperator,
  start: Float64Array,
  options: LanczosOptions,
  workspace: LanczosWorkspace = createLanczosWorkspace(),
): Float64Array | null {
  // Every vector is written whole before it is read, so a reused store needs no clearing.
  if (workspace.store.length < (options.maxSteps + 1) * n) workspace.store = new Float64Array((options.maxSteps + 1) * n);
  const { store } = workspace;
  const vectorAt = (j: number): Float64Array => store.subarray(j * n, (j + 1) * n);
  const basis: Float64Array[] = [];
  const first = vectorAt(0);
  first.set(start);
  const startNorm = norm(first);
  if (startNorm === 0) return null;
  scale(first, 1 / startNorm);
  basis.push(first);
  const alpha: number[] = [];
  const beta: number[] = [];
  const w = new Float64Array(n);
  let ritz: { value: number; vector: Float64Array } | null = null;
  for (let j = 0; j < options.maxSteps; j++) {
    const v = basis[j]!;
    const previous = j > 0 ? basis[j - 1]! : null;
    const previousBeta = j > 0 ? beta[j - 1]! : 0;
    apply(v, w);
    const a = dot(v, w);
    alpha.push(a);
    // The three-term recurrence, then a local reorthogonalisation against its two vectors, in two
    // passes over the vectors (their loops fused: at 100,000 people a pass is a tenth of a product).
    // Only local: against the whole basis it cost more than the product itself (each step read
    // every earlier vector twice: 20 ms against 4 ms) for the same steps to the same residual on
    // the networks measured. In floating point the basis loses orthogonality as a Ritz pair
    // converges (Paige 1980), and the first to converge is the leading one, all that is taken here.
    let alongV = 0;
    let alongPrevious = 0;
    for (let i = 0; i < n; i++) {
      const x = w[i]! - a * v[i]! - (previous ? previousBeta * previous[i]! : 0);
      w[i] = x;
      alongV += x * v[i]!;
      if (previous) alongPrevious += x * previous[i]!;
    }
    let squares = 0;
    for (let i = 0; i < n; i++) {
      const x = w[i]! - alongV * v[i]! - (previous ? alongPrevious * previous[i]! : 0);
      w[i] = x;
      squares += x * x;
    }
    const b = Math.sqrt(squares);
    const last = j + 1 === options.maxSteps;
    const invariant = b <= 1e-14 * Math.max(Math.abs(a), 1e-300);
    if (last || invariant || j % 4 === 3) {
      ritz = leadingOfTridiagonal(alpha, beta);
      if (ritz.value <= 0) return null;
      const residual = b * Math.abs(ritz.vector[j]!);
      if (last || invariant || residual <= options.relativeResidual * ritz.value) break;
    }
    beta.push(b);
    const next = vectorAt(j + 1);
    for (let i = 0; i < n; i++) next[i] = w[i]! / b;
    basis.push(next);
  }
  if (!ritz) return null;
  const y = new Float64Array(n);
  for (let k = 0; k < ritz.vector.length; k++) axpy(y, ritz.vector[k]!, basis[k]!);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += y[i]!;
  if (sum < 0) scale(y, -1);
  const length = norm(y);
  if (length === 0) return null;
  scale(y, 1 / length);
  return y;
}

/**
 * The largest eigenvalue of the symmetric tridiagonal matrix with diagonal `alpha` and
 * off-diagonal `beta` (beta[i] joins i and i + 1), and its unit eigenvector, by cyclic Jacobi
 * rotations on the dense matrix: at most a few dozen rows, so its cubic cost is nothing beside one
 * application of M, and Jacobi gives small eigenvectors to full accuracy.
 */
export function leadingOfTridiagonal(alpha: readonly number[], beta: readonly number[]): { value: number; vector: Float64Array } {
  const k = alpha.length;
  const a = Array.from({ length: k }, (_, i) => {
    const row = new Float64Array(k);
    row[i] = alpha[i]!;
    if (i > 0) row[i - 1] = beta[i - 1]!;
    if (i + 1 < k) row[i + 1] = beta[i]!;
    return row;
  });
  const vectors = Array.from({ length: k }, (_, i) => {
    const row = new Float64Array(k);
    row[i] = 1;
    return row;
  });
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let diagonal = 0;
    for (let p = 0; p < k; p++) {
      diagonal += a[p]![p]! * a[p]![p]!;
      for (let q = p + 1; q < k; q++) off += a[p]![q]! * a[p]![q]!;
    }
    if (off <= 1e-32 * diagonal) break;
    for (let p = 0; p < k; p++) {
      for (let q = p + 1; q < k; q++) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        // The rotation that zeroes a[p][q] (Golub & Van Loan, Algorithm 8.5.1).
        const tau = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(tau || 1) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
        const c = 1 / Math.sqrt(1 + t * t);
        const s = t * c;
        for (let r = 0; r < k; r++) {
          const arp = a[r]![p]!;
          const arq = a[r]![q]!;
          a[r]![p] = c * arp - s * arq;
          a[r]![q] = s * arp + c * arq;
        }
        for (let r = 0; r < k; r++) {
          const apr = a[p]![r]!;
          const aqr = a[q]![r]!;
          a[p]![r] = c * apr - s * aqr;
          a[q]![r] = s * apr + c * aqr;
        }
        for (let r = 0; r < k; r++) {
          const vrp = vectors[r]![p]!;
          const vrq = vectors[r]![q]!;
          vectors[r]![p] = c * vrp - s * vrq;
          vectors[r]![q] = s * vrp + c * vrq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < k; i++) if (a[i]![i]! > a[best]![best]!) best = i;
  return { value: a[best]![best]!, vector: Float64Array.from(vectors, (row) => row[best]!) };
}

function dot(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i]! * y[i]!;
  return sum;
}

/** y += a·x */
function axpy(y: Float64Array, a: number, x: Float64Array): void {
  for (let i = 0; i < y.length; i++) y[i]! += a * x[i]!;
}

function norm(x: Float64Array): number {
  return Math.sqrt(dot(x, x));
}

function scale(x: Float64Array, factor: number): void {
  for (let i = 0; i < x.length; i++) x[i]! *= factor;
}
