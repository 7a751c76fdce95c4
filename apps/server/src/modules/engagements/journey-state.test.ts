import { describe, expect, it } from 'vitest';
import { journeyState } from './journey-state.ts';

const journey = { accessFrom: '2026-03-01', accessTill: '2026-03-31', closedAt: null };

describe('journeyState', () => {
  it('is a draft before the first day, open on the first and the last day, closed after', () => {
    expect(journeyState(journey, { analysed: false }, '2026-02-28')).toBe('draft');
    expect(journeyState(journey, { analysed: false }, '2026-03-01')).toBe('open');
    expect(journeyState(journey, { analysed: false }, '2026-03-31')).toBe('open');
    expect(journeyState(journey, { analysed: false }, '2026-04-01')).toBe('closed');
  });

  it('is closed once an admin closed it, even inside its dates', () => {
    expect(journeyState({ ...journey, closedAt: new Date('2026-03-10T12:00:00Z') }, { analysed: false }, '2026-03-11')).toBe('closed');
  });

  it('is analysed once an analysis run has finished, whatever its dates say', () => {
    expect(journeyState(journey, { analysed: true }, '2026-03-15')).toBe('analysed');
    expect(journeyState(journey, { analysed: true }, '2026-05-01')).toBe('analysed');
  });
});
