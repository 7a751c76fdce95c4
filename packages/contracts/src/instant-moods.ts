/**
 * The five moods, from awful to great (§3). A module without zod, so the participant's small entry
 * can draw the mood buttons without carrying zod (docs/first-loads.md); ZInstantMood is built on it.
 */
export const INSTANT_MOODS = ['negative-very', 'negative', 'neutral', 'positive', 'positive-very'] as const;
export type TInstantMood = (typeof INSTANT_MOODS)[number];
