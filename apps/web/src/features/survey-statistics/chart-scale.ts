/** Round axis steps (1, 2, 5 × 10ⁿ) so the ticks read 0, 50, 100 rather than 0, 37, 74. */
export function niceStep(roughStep: number): number {
  if (roughStep <= 0 || !Number.isFinite(roughStep)) return 1;
  const power = 10 ** Math.floor(Math.log10(roughStep));
  const fraction = roughStep / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return Math.max(1, nice * power);
}

/** Whole-number ticks from 0 to at least `max`, about `count` of them. */
export function axisTicks(max: number, count = 5): number[] {
  const step = niceStep(Math.max(max, 1) / count);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let value = 0; value <= top; value += step) ticks.push(value);
  return ticks;
}

/** Maps [0, domainMax] onto [rangeStart, rangeEnd] (the y axis runs downwards on screen). */
export function linearScale(domainMax: number, rangeStart: number, rangeEnd: number): (value: number) => number {
  const span = domainMax > 0 ? domainMax : 1;
  return (value) => rangeStart + ((rangeEnd - rangeStart) * value) / span;
}

/** Label every n-th day so that at most `maxLabels` fit under the bars. */
export function labelEvery(count: number, maxLabels: number): number {
  return Math.max(1, Math.ceil(count / Math.max(1, maxLabels)));
}
