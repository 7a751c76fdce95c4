import type { TEngagement, TJourneyState } from '@ona/contracts';

/**
 * The badge colour of each state: grey before the start, green while answers come in, orange once
 * answering has stopped, the brand colour when the reports are there. Mantine's light badges keep
 * these readable (contrast above 4.5:1 on white).
 */
export const JOURNEY_STATE_COLORS: Record<TJourneyState, string> = {
  draft: 'gray',
  open: 'teal',
  closed: 'orange',
  analysed: 'brand',
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
