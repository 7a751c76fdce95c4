import type { TJourneyState } from '@ona/contracts';
import { todayUtc } from '../survey/survey-window.ts';

/**
 * A journey's state in words (contracts/journeys.ts): a finished analysis run makes it
 * `analysed`; otherwise "Close now" or a past last day closes it; before its first day it is a
 * `draft`; in between it is `open`.
 */
export function journeyState(
  journey: { accessFrom: string; accessTill: string; closedAt: Date | null },
  facts: { analysed: boolean },
  today: string = todayUtc(),
): TJourneyState {
  if (facts.analysed) return 'analysed';
  if (journey.closedAt !== null || today > journey.accessTill) return 'closed';
  if (today < journey.accessFrom) return 'draft';
  return 'open';
}
