import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../web/src/app/contrast.ts';
import { siteColors, textPairs, themeCss } from './site-theme.ts';

describe('the site’s colours', () => {
  it('read at 4.5:1 or more for every text and surface pair the stylesheet uses (WCAG 2.2 AA)', () => {
    const failing = textPairs(siteColors())
      .map((pair) => ({ ...pair, ratio: contrastRatio(pair.text, pair.surface) }))
      .filter((pair) => pair.ratio < 4.5);
    expect(failing).toEqual([]);
  });

  it('come from the product theme: the brand shade of the app', () => {
    expect(siteColors().brand).toBe('#3d4fe0');
    expect(themeCss()).toContain('--brand-text:');
  });
});
