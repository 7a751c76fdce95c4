import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '@mantine/core';
import { blend, contrastRatio, luminance, readableOn } from './contrast.ts';
import { READABLE_BACKGROUNDS, readableFills, readableTextColors } from './theme.ts';

describe('contrast arithmetic', () => {
  it('gives the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // Mantine's default dimmed grey on white: the 3.3:1 that axe reported.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('keeps a colour that already reads and darkens one that does not until it reaches 4.5:1', () => {
    expect(readableOn('#212529', ['#ffffff'])).toBe('#212529');
    const teal = readableOn('#12b886', ['#ffffff', '#f1f3f5']);
    expect(contrastRatio(teal, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(teal, '#f1f3f5')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the theme’s text colours', () => {
  it('read at 4.5:1 or more on every light background and on their own tint, for every palette colour', () => {
    const colors = readableTextColors();
    for (const name of Object.keys(DEFAULT_THEME.colors)) {
      const text = colors[name]!;
      const tint = blend(DEFAULT_THEME.colors[name]![6]!, 0.12, '#f1f3f5');
      for (const background of [...READABLE_BACKGROUNDS, tint]) expect([name, background, contrastRatio(text, background) >= 4.5]).toEqual([name, background, true]);
    }
    for (const background of READABLE_BACKGROUNDS) expect(contrastRatio(colors.dimmed!, background)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the theme’s fills', () => {
  it('carry black or white text (as autoContrast picks it) at 4.5:1 or more, for every palette colour', () => {
    for (const [name, fill] of Object.entries(readableFills())) {
      const text = luminance(DEFAULT_THEME.colors[name]?.[6] ?? fill) > 0.3 ? '#000000' : '#ffffff';
      expect([name, contrastRatio(text, fill) >= 4.5]).toEqual([name, true]);
    }
  });
});
