/**
 * WCAG 2.x contrast arithmetic for the theme: the one place that decides which text colours the
 * product may use on its light backgrounds (docs/architecture.md, "Accessibility").
 */

/** Normal text needs 4.5:1 (WCAG 1.4.3); a small margin keeps rounding in the browser on the safe side. */
export const MIN_TEXT_CONTRAST = 4.6;

type TRgb = readonly [number, number, number];

export function parseHex(hex: string): TRgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as TRgb;
}

export function toHex([r, g, b]: TRgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as TRgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` at `alpha` laid over the opaque `bottom`, as the browser paints a translucent tint. */
export function blend(top: string, alpha: number, bottom: string): string {
  const t = parseHex(top);
  const b = parseHex(bottom);
  return toHex([0, 1, 2].map((i) => t[i]! * alpha + b[i]! * (1 - alpha)) as unknown as TRgb);
}

/**
 * The colour itself when it reads on every background given, else the same hue darkened (mixed
 * with black in small steps) until it does: text keeps its colour's character and passes AA.
 */
export function readableOn(color: string, backgrounds: readonly string[], minimum = MIN_TEXT_CONTRAST): string {
  for (let black = 0; black <= 1; black += 0.04) {
    const candidate = blend('#000000', black, color);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= minimum)) return candidate;
  }
  return '#000000';
}
