import { JOURNEY_STATES, type TJourneyState } from '@ona/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/journeys.json';
import { JOURNEY_STATE_COLORS, journeyActions, journeyStateKey } from './journey-state.ts';

const journey = (state: TJourneyState, extra: Partial<{ closed_at: string | null; archived: boolean; has_answers: boolean }> = {}) => ({
  state,
  closed_at: null,
  archived: false,
  has_answers: false,
  ...extra,
});

describe('journey state in words', () => {
  it('names every state of the contract in English as the issue does, each with its own colour', () => {
    expect(JOURNEY_STATES.map((state) => en.state[state])).toEqual(['Draft', 'Open', 'Closed', 'Analysed']);
    expect(journeyStateKey('analysed')).toBe('state.analysed');
    expect(new Set(JOURNEY_STATES.map((state) => JOURNEY_STATE_COLORS[state].color)).size).toBe(JOURNEY_STATES.length);
  });
});

describe('journey actions', () => {
  it('offers "Close now" while answers may come in, and no next wave yet', () => {
    for (const state of ['draft', 'open'] as const) {
      const actions = journeyActions(journey(state));
      expect(actions.close).toBe(true);
      expect(actions.reopen).toBe(false);
      expect(actions.nextWave).toBe(false);
    }
  });

  it('offers "Reopen" after an admin closed it, and a next wave once it is closed or analysed', () => {
    const closed = journeyActions(journey('closed', { closed_at: '2026-11-25T10:00:00Z' }));
    expect(closed).toMatchObject({ close: false, reopen: true, nextWave: true });
    expect(journeyActions(journey('closed'))).toMatchObject({ close: false, reopen: false, nextWave: true });
    expect(journeyActions(journey('analysed'))).toMatchObject({ close: false, nextWave: true });
  });

  it('deletes only a journey nobody answered; one with answers can only be archived', () => {
    expect(journeyActions(journey('open')).delete).toBe(true);
    expect(journeyActions(journey('open', { has_answers: true }))).toMatchObject({ delete: false, archive: true });
  });

  it('offers unarchive instead of archive for an archived journey', () => {
    expect(journeyActions(journey('closed', { archived: true }))).toMatchObject({ archive: false, unarchive: true });
  });
});
