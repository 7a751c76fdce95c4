import { useMemo } from 'react';
import { cachedMeasure, type TMeasure, type TTextFont } from './datasheet-widths.ts';

/** The theme's sizes and weights of the datasheet's text (Mantine: sm 14 px, xs 12 px, badge md 11 px). */
const FONTS: Record<TTextFont, { css: string; letterSpacing: number; caps: boolean }> = {
  text: { css: '400 14px', letterSpacing: 0, caps: false },
  // Bold as the headers (700), so the employee names (600) have room to spare.
  strong: { css: '700 14px', letterSpacing: 0, caps: false },
  small: { css: '400 12px', letterSpacing: 0, caps: false },
  badge: { css: '500 11px', letterSpacing: 0.25, caps: false },
  badgeCaps: { css: '700 11px', letterSpacing: 0.25, caps: true },
};

/** Measures text as the page sets it, with a canvas in the page's own font; one measure per distinct text. */
export function useTextMeasure(): TMeasure {
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d');
    const family = getComputedStyle(document.body).fontFamily || 'sans-serif';
    return cachedMeasure((text, font) => {
      const { css, letterSpacing, caps } = FONTS[font];
      const shown = caps ? text.toUpperCase() : text;
      // Without a canvas (no 2D context), a generous guess per character still keeps text whole.
      if (!context) return shown.length * 9;
      context.font = `${css} ${family}`;
      return context.measureText(shown).width + letterSpacing * shown.length;
    });
  }, []);
}
