import { Container, createTheme, DEFAULT_THEME, rem, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { BRAND_SHADES } from './brand-colors.ts';
import { blend, luminance, readableOn } from './contrast.ts';

const brand: MantineColorsTuple = BRAND_SHADES;

/**
 * Every light background that text sits on: white cards, the grey page (gray.0), table stripes and
 * hovered rows (gray.1, gray.2) and pale selected rows. Text colours are chosen to read on all of them.
 */
export const READABLE_BACKGROUNDS = ['#ffffff', '#f8f9fa', '#f1f3f5', '#e9ecef', '#d7eaf3'] as const;

const palette: Record<string, MantineColorsTuple> = { ...DEFAULT_THEME.colors, brand };

/**
 * WCAG 2.2 AA contrast, decided here and nowhere else: for each palette colour the text shade
 * (shade 6, darkened only as far as needed) that reads at 4.5:1 on every light background and on
 * the colour's own light tint (light badges, alerts, subtle buttons); and the dimmed grey.
 */
export function readableTextColors(): Record<string, string> {
  const colors: Record<string, string> = {};
  for (const [name, shades] of Object.entries(palette)) {
    const tint = blend(shades[6], 0.12, '#f1f3f5');
    colors[name] = readableOn(shades[6], [...READABLE_BACKGROUNDS, tint]);
  }
  colors.dimmed = readableOn(palette.gray![6], READABLE_BACKGROUNDS);
  return colors;
}

/** Mantine's autoContrast puts black text on fills brighter than this luminance, white on the others. */
const LUMINANCE_THRESHOLD = 0.3;

/**
 * The fill of filled buttons and badges for each colour: shade 6 where autoContrast's text (black
 * or white) reads on it at 4.5:1, else shade 6 darkened until white does (red and orange fills
 * were too bright for white text, too dark for black).
 */
export function readableFills(): Record<string, string> {
  const fills: Record<string, string> = {};
  for (const [name, shades] of Object.entries(palette)) {
    fills[name] = luminance(shades[6]) > LUMINANCE_THRESHOLD ? shades[6] : readableOn(shades[6], ['#ffffff']);
  }
  return fills;
}

/** The light scheme's text variables, pointed at the readable colours (filled variants use autoContrast). */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const colors = readableTextColors();
  const light: Record<string, string> = {
    '--mantine-color-dimmed': colors.dimmed!,
    '--mantine-color-error': colors.red!,
    '--mantine-color-anchor': colors.brand!,
  };
  const fills = readableFills();
  for (const name of Object.keys(palette)) {
    if (fills[name] !== palette[name]![6]) {
      light[`--mantine-color-${name}-filled`] = fills[name]!;
      light[`--mantine-color-${name}-filled-hover`] = blend('#000000', 0.1, fills[name]!);
    }
    light[`--mantine-color-${name}-text`] = colors[name]!;
    light[`--mantine-color-${name}-light-color`] = colors[name]!;
    light[`--mantine-color-${name}-outline`] = colors[name]!;
  }
  return { variables: {}, light, dark: {} };
};

/**
 * Breakpoints of the spec (§9): 576, 768, 992, 1170, 1500 px, written in em as Mantine expects.
 * Extends only what the participant's small entry uses as well (docs/first-loads.md): Rollup
 * shakes trees per module, not per entry, so each `X.extend` in this file would pull component X
 * (ScrollArea brings floating-ui, Modal brings react-remove-scroll) into every page that imports
 * the theme. The app's other component settings are in theme-labels.ts.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  primaryShade: 6,
  // Filled buttons and badges pick black or white text by the fill's brightness (white on teal read 2.5:1).
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  // Transitions and animations are skipped for users who ask the system for reduced motion.
  respectReducedMotion: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'Inter, "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  breakpoints: {
    xs: '36em',
    sm: '48em',
    md: '62em',
    lg: '73.125em',
    xl: '93.75em',
  },
  components: {
    // The widest content column matches the 1170 px breakpoint; wider screens get margins.
    Container: Container.extend({
      vars: (_theme, { size }) => ({ root: { '--container-size': size === 'xl' ? rem(1170) : undefined } }),
    }),
  },
});
