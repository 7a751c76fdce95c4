import { Alert } from '@mantine/core';
import { analyticsProblem } from './analytics-problem.ts';
import { ErrorState } from './error-state.tsx';
import { NotFoundContent } from './not-found-content.tsx';

export type TAnalyticsProblemTexts = {
  /** 409 analysis_not_ready: the engagement has no finished analysis yet. */
  notReadyTitle: string;
  notReady: string;
  /** 403: the module is not open to this user (no_access, module_disabled). */
  forbidden: string;
};

/**
 * What an analytics page shows when its data does not load. The states a user can do something
 * about get their own words; anything else is the shared error with a retry.
 */
export function AnalyticsLoadProblem({ error, texts, onRetry }: { error: unknown; texts: TAnalyticsProblemTexts; onRetry: () => void }) {
  const problem = analyticsProblem(error);
  if (problem === 'not_found') return <NotFoundContent homePath="engagements/list.html" />;
  if (problem === 'not_ready') {
    return (
      <Alert color="blue" variant="light" title={texts.notReadyTitle} data-testid="analysis-not-ready">
        {texts.notReady}
      </Alert>
    );
  }
  if (problem === 'forbidden') {
    return (
      <Alert color="yellow" variant="light" role="alert" data-testid="module-forbidden">
        {texts.forbidden}
      </Alert>
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}
