import type { TEngagement, TJourneyState } from '@ona/contracts';

/**
 * The badge colours of each state, in the hues the period badge used (upcoming blue, open teal,
 * closed grey) and the brand colour once the reports are there. The text shade comes from the
 * theme (app/theme.ts), which keeps every light badge's text at 4.5:1 on its tint.
 */
export const JOURNEY_STATE_COLORS: Record<TJourneyState, { color: string }> = {
  draft: { color: 'blue' },
  open: { color: 'teal' },
  closed: { color: 'gray' },
  analysed: { color: 'brand' },
};

/** The key of the state's words in the `journeys` namespace. */
export function journeyStateKey(state: TJourneyState): `state.${TJourneyState}` {
  return `state.${state}`;
}

export type TJourneyActions = {
  close: boolean;
  reopen: boolean;
  nextWave: boolean;
  archive: boolean;
  unarchive: boolean;
  delete: boolean;
};

type TJourneyFacts = Pick<TEngagement, 'state' | 'closed_at' | 'archived' | 'has_answers'>;

/**
 * Which settings actions a journey offers. "Close now" while answers may still come in; "Reopen"
 * undoes an admin's close (a journey past its last day reopens by moving its end date); a next wave
 * only of a finished journey (the server answers 409 journey_not_finished otherwise); delete only
 * without answers, else archive.
 */
export function journeyActions(journey: TJourneyFacts): TJourneyActions {
  const finished = journey.state === 'closed' || journey.state === 'analysed';
  return {
    close: journey.closed_at === null && (journey.state === 'draft' || journey.state === 'open'),
    reopen: journey.closed_at !== null,
    nextWave: finished,
    archive: !journey.archived,
    unarchive: journey.archived,
    delete: !journey.has_answers,
  };
}
