import type { ChangeConcerns } from '../auth/caller-store.ts';

/**
 * Who an instant token stands for, as far as a save needs to know (docs/request-path.md, "The
 * instant participant cache"): kept a few seconds per token hash, only once the participant has
 * joined. `joinedAt` never goes back to null and the host's edits never remove a participant who
 * has joined (repository.ts, syncParticipants), so joining cannot make a kept entry wrong, and a
 * kept participant leaves only with their survey. Progress (current question, finished) is not
 * part of it: it changes with every save, and the routes that show it read it fresh.
 */
export interface TKeptParticipant {
  id: number;
  name: string;
  surveyId: number;
  surveyPublicId: string;
  joinedAt: Date | null;
}

/** A change of an instant survey's participants concerns every kept participant of that survey. */
export const keptParticipantConcerns: ChangeConcerns<TKeptParticipant> = (change) =>
  'instantSurvey' in change ? (participant) => participant.surveyId === change.instantSurvey : () => false;
