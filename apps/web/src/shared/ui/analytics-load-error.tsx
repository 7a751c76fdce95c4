import { Alert, Text } from '@mantine/core';
import { isApiError } from '../api/api-error.ts';
import { ErrorState } from './error-state.tsx';
import { NotFoundContent } from './not-found-content.tsx';

/** The code the analytics calls answer with 409 before an engagement's first analysis run. */
export const ANALYSIS_NOT_READY_CODE = 'analysis_not_ready';

type TAnalyticsLoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  /** The module's own words for "no analysis yet" and "not allowed", in its namespace. */
  texts: { notReadyTitle: string; notReadyMessage: string; noAccessTitle: string; noAccessMessage: string };
};

/**
 * How an analytics page fails: 409 analysis_not_ready and 403 are states of the engagement or of
 * the caller's rights, not faults, so they get a calm explanation without a retry; 404 is the
 * not-found page; anything else is the shared ErrorState with a retry.
 */
export function AnalyticsLoadError({ error, onRetry, texts }: TAnalyticsLoadErrorProps) {
  if (isApiError(error) && error.status === 404) return <NotFoundContent homePath="engagements/list.html" />;
  if (isApiError(error) && error.status === 409 && error.code === ANALYSIS_NOT_READY_CODE) {
    return (
      <Alert color="blue" variant="light" title={texts.notReadyTitle} data-testid="analysis-not-ready">
        <Text fz="sm">{texts.notReadyMessage}</Text>
      </Alert>
    );
  }
  if (isApiError(error) && error.status === 403) {
    return (
      <Alert color="gray" variant="light" title={texts.noAccessTitle} data-testid="module-no-access">
        <Text fz="sm">{texts.noAccessMessage}</Text>
      </Alert>
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}
