import { describe, expect, it } from 'vitest';
import { cachedMeasure, columnWidths, gridTemplate, SEGMENT_GAP, WIDTH_SLACK, type TMeasure } from './datasheet-widths.ts';

/** 7 px a character, 8 in bold: enough to tell which line is the widest. */
const measure: TMeasure = (text, font) => text.length * (font === 'strong' ? 8 : 7);

describe('columnWidths', () => {
  it('gives each column its widest line, header included, so no text is cut', () => {
    const widths = columnWidths(
      [
        [[{ text: 'Kockázati szint', font: 'strong', extra: 0 }], [{ text: '4. szint', font: 'badgeCaps', extra: 22 }]],
        [[{ text: 'Unit', font: 'strong', extra: 0 }], [{ text: 'Key Account Management – Team Debrecen', font: 'text', extra: 0 }]],
      ],
      measure,
    );
    expect(widths).toEqual([15 * 8 + WIDTH_SLACK, 38 * 7 + WIDTH_SLACK]);
  });

  it('adds the pieces of one line with their padding and the gap between them', () => {
    const [width] = columnWidths([[[{ text: 'Advisor', font: 'badge', extra: 22 }, { text: '+2', font: 'badgeCaps', extra: 22 }]]], measure);
    expect(width).toBe(7 * 7 + 22 + SEGMENT_GAP + 2 * 7 + 22 + WIDTH_SLACK);
  });

  it('keeps a column of short values at its minimum', () => {
    expect(columnWidths([[[{ text: 'X', font: 'text', extra: 0 }]]], measure, 48)).toEqual([48 + WIDTH_SLACK]);
  });
});

describe('gridTemplate', () => {
  it('lets each column grow from its width, in proportion to it', () => {
    expect(gridTemplate([100, 250])).toBe('minmax(100px, 100fr) minmax(250px, 250fr)');
  });
});

describe('cachedMeasure', () => {
  it('measures each distinct text and font once', () => {
    const calls: string[] = [];
    const cached = cachedMeasure((text, font) => {
      calls.push(`${font}:${text}`);
      return text.length;
    });
    cached('Budapest', 'text');
    cached('Budapest', 'text');
    cached('Budapest', 'strong');
    expect(calls).toEqual(['text:Budapest', 'strong:Budapest']);
  });
});
