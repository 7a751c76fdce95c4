import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { isApiError, NETWORK_ERROR_CODE } from '../../shared/api/api-error.ts';
import { connectionBack, isConnectionLost } from '../../shared/api/connection.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { AnswerSaveQueue, type TSaveStatus } from './answer-save-queue.ts';
import { saveAnswer, useSurveyQueryKey, type TEmployeeSurvey } from './survey-api.ts';
import { withAnswer } from './survey-progress.ts';

type TSaveStatusState = {
  statuses: Record<string, TSaveStatus>;
  set: (key: string, status: TSaveStatus) => void;
};

/** The save state of each answer, so the question page can say "Saved" or offer a retry. */
export const useSaveStatusStore = create<TSaveStatusState>()((set) => ({
  statuses: {},
  set: (key, status) => set((state) => ({ statuses: { ...state.statuses, [key]: status } })),
}));

const statusKey = (engagementId: number, questionId: number) => `${engagementId}:${questionId}`;

/** A network failure or a server error may pass; a refusal (closed survey, unknown colleague) will not. */
function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.code === NETWORK_ERROR_CODE || error.status >= 500 || error.status === 429;
}

type TFailureHandler = (error: unknown) => void;
const queues = new Map<number, { queue: AnswerSaveQueue; onFailure: { current: TFailureHandler } }>();

/** One queue per engagement for the page's lifetime: moving to the next question never cancels a save. */
function queueFor(engagementId: number): { queue: AnswerSaveQueue; onFailure: { current: TFailureHandler } } {
  let entry = queues.get(engagementId);
  if (!entry) {
    const onFailure = { current: (() => undefined) as TFailureHandler };
    const queue = new AnswerSaveQueue({
      send: (questionId, selection) => saveAnswer(engagementId, questionId, selection),
      isRetryable,
      // A dropped connection is waited out, not reported: the answer is sent when it returns.
      isOffline: isConnectionLost,
      connectionBack: () => connectionBack(),
      onStatus: (questionId, status) => useSaveStatusStore.getState().set(statusKey(engagementId, questionId), status),
      onFailure: (_, error) => onFailure.current(error),
    });
    entry = { queue, onFailure };
    queues.set(engagementId, entry);
  }
  return entry;
}

/** This question's save state; `offline` while any answer of the survey waits for the connection, on every question. */
export function useSaveStatus(engagementId: number, questionId: number): TSaveStatus {
  return useSaveStatusStore((state) => {
    const prefix = `${engagementId}:`;
    const waiting = Object.entries(state.statuses).some(([key, status]) => key.startsWith(prefix) && status === 'offline');
    return waiting ? 'offline' : (state.statuses[statusKey(engagementId, questionId)] ?? 'saved');
  });
}

/**
 * Every change of an answer goes into the survey cache at once (optimistic) and to the server
 * through the queue; a save that still fails after its retries shows an error notification.
 */
export function useAnswerSaver(engagementId: number) {
  const { t } = useTranslation('survey');
  const queryClient = useQueryClient();
  const key = useSurveyQueryKey(engagementId);
  const { queue, onFailure } = queueFor(engagementId);

  useEffect(() => {
    onFailure.current = (error) => {
      const detail = isApiError(error) && !isRetryable(error) ? error.detail : t('save.failed');
      notify('error', detail);
    };
  }, [onFailure, t]);

  // Closing the tab while a choice is on its way would lose it: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!queue.hasUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queue]);

  const save = useCallback(
    (questionId: number, selectedUsers: number[]) => {
      queryClient.setQueryData<TEmployeeSurvey>(key, (survey) => (survey ? withAnswer(survey, questionId, selectedUsers) : survey));
      void queue.save(questionId, selectedUsers);
    },
    [key, queryClient, queue],
  );
  const retry = useCallback((questionId: number) => void queue.retry(questionId), [queue]);
  /** Waits until nothing is on its way; false when a save failed (finishing must wait for it). */
  const settle = useCallback(() => queue.whenIdle(), [queue]);

  return { save, retry, settle };
}
