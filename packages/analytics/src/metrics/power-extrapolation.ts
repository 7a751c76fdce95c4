/**
 * Extrapolation of a power iteration's geometric tail (Aitken's Δ² applied to the whole vector,
 * as Kamvar, Haveliwala, Manning & Golub 2003 do for PageRank).
 *
 * Late in a power iteration the change from one step to the next is dominated by the second
 * eigenvector: x_k ≈ v + c·r^k·u, so the step d_k = x_k − x_{k−1} shrinks by the ratio r each time
 * and v = x_k + d_k·r/(1 − r). On the organisation networks r stays near 0.97 for hundreds of
 * steps (units are dense, ties between them few), so removing that tail in one move saves most of
 * the iterations. The move is taken only when the measured ratio has held steady for two steps
 * (a complex or negative second eigenvalue never gives a steady positive ratio, and then the
 * iteration stays plain). It never decides when to stop: the caller still stops on a plain step
 * whose change is below its tolerance, the same certificate as without it, so the result is the
 * same fixed point within the same tolerance.
 */
export class TailExtrapolation {
  private readonly step: Float64Array;
  private ratio = Number.NaN;
  private steadySteps = 0;
  /** Plain steps seen since the last move (the first step after a move measures nothing). */
  private plainSteps = 0;

  constructor(n: number) {
    this.step = new Float64Array(n);
  }

  /** After the caller moved its vector elsewhere: the steps seen so far say nothing of the next ones. */
  forget(): void {
    this.ratio = Number.NaN;
    this.steadySteps = 0;
    this.plainSteps = 0;
  }

  /**
   * After a plain step from `previous` to `next`: records the step and, once the ratio is steady,
   * moves `next` to the extrapolated fixed point (clamped at 0, as the leading eigenvector of a
   * non-negative matrix is non-negative). Returns true when it moved `next`; the caller then
   * scales `next` as its iteration does.
   */
  observe(previous: Float64Array, next: Float64Array): boolean {
    const { step } = this;
    let along = 0;
    let before = 0;
    for (let v = 0; v < next.length; v++) {
      const d = next[v]! - previous[v]!;
      along += d * step[v]!;
      before += step[v]! * step[v]!;
      step[v] = d;
    }
    this.plainSteps++;
    if (this.plainSteps < 2 || before === 0) return false;
    const ratio = along / before;
    const steady = ratio > 0.5 && ratio < 0.9999 && Math.abs(ratio - this.ratio) < 0.05 * ratio * (1 - ratio);
    this.ratio = ratio;
    this.steadySteps = steady ? this.steadySteps + 1 : 0;
    if (this.steadySteps < 2) return false;
    const factor = ratio / (1 - ratio);
    for (let v = 0; v < next.length; v++) next[v] = Math.max(0, next[v]! + step[v]! * factor);
    this.forget();
    return true;
  }
}
