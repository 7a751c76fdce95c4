import { describe, expect, it } from 'vitest';
import { formatScore, scoreBand, scorePercent } from './leader-score.ts';

describe('scoreBand', () => {
  it('splits the 1–10 scale in thirds at 4 and 7', () => {
    expect(scoreBand(1)).toBe('low');
    expect(scoreBand(3.9)).toBe('low');
    expect(scoreBand(4)).toBe('middle');
    expect(scoreBand(6.9)).toBe('middle');
    expect(scoreBand(7)).toBe('high');
    expect(scoreBand(10)).toBe('high');
  });
});

describe('scorePercent', () => {
  it('puts 1 at the empty bar and 10 at the full bar', () => {
    expect(scorePercent(1)).toBe(0);
    expect(scorePercent(5.5)).toBe(50);
    expect(scorePercent(10)).toBe(100);
  });

  it('keeps the bar inside its track for a score outside the scale', () => {
    expect(scorePercent(0)).toBe(0);
    expect(scorePercent(12)).toBe(100);
  });
});

describe('formatScore', () => {
  it('shows one decimal in the user’s number format', () => {
    expect(formatScore(7, 'en-US')).toBe('7.0');
    expect(formatScore(6.4, 'hu-HU')).toBe('6,4');
  });

  it('shows a dash for a withheld score', () => {
    expect(formatScore(null, 'en-US')).toBe('–');
  });
});
