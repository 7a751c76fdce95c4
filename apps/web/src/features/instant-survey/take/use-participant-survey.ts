import type { TInstantParticipantSurvey } from '@ona/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { fetchParticipantSurvey } from '../participant-api.ts';

/** A refusal (4xx) is final; a dropped connection or a busy server gets three more tries. */
const RETRIES = 3;
const retryable = (error: unknown) => !(isApiError(error) && error.status >= 400 && error.status < 500);
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type TParticipantSurveyLoad = {
  /** What the last successful load gave; kept when a later reload fails (take-survey-screen.ts). */
  data: TInstantParticipantSurvey | undefined;
  error: unknown;
  refetch: () => Promise<void>;
  /** Changes the loaded survey in place (a newcomer announced on the socket). */
  update: (change: (current: TInstantParticipantSurvey) => TInstantParticipantSurvey) => void;
};

/**
 * The participant's survey, loaded and reloaded by hand: the participant's small entry does without
 * TanStack Query (about a tenth of its weight, docs/first-loads.md), and this page needs only one
 * load with retries, a reload and an in-place change. A load that a newer one overtook is dropped.
 */
export function useParticipantSurvey(surveyId: string, token: string | null, code: string | null): TParticipantSurveyLoad {
  const [state, setState] = useState<{ data: TInstantParticipantSurvey | undefined; error: unknown }>({ data: undefined, error: null });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const mine = ++generation.current;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const data = await fetchParticipantSurvey(surveyId, token, code);
        if (mine === generation.current) setState({ data, error: null });
        return;
      } catch (error) {
        if (mine !== generation.current) return;
        if (attempt >= RETRIES || !retryable(error)) {
          setState((current) => ({ data: current.data, error }));
          return;
        }
        await pause(1000 * 2 ** attempt);
        if (mine !== generation.current) return;
      }
    }
  }, [surveyId, token, code]);

  // Another survey, token or code is another survey view: start from nothing.
  useEffect(() => {
    setState({ data: undefined, error: null });
    void load();
    return () => {
      generation.current += 1;
    };
  }, [load]);

  const update = useCallback((change: (current: TInstantParticipantSurvey) => TInstantParticipantSurvey) => {
    setState((current) => (current.data ? { ...current, data: change(current.data) } : current));
  }, []);

  return { data: state.data, error: state.error, refetch: load, update };
}
