import { Box, LoadingOverlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AnalyticsLoadProblem } from '../../shared/ui/analytics-load-problem.tsx';
import { CenteredLoader } from '../../shared/ui/centered-loader.tsx';
import type { TAsValuesQuery } from './as-values-query.ts';
import { AsValuesResults } from './as-values-results.tsx';
import { useKeyPeopleAsValues } from './key-people-api.ts';
import { useKeyPeopleErrorTexts } from './use-key-people-error-texts.ts';

/**
 * The values (Style: show values): how strongly the applied source group names the applied
 * target group. While a new pair is computed the previous figures stay, dimmed.
 */
export function AsValuesPanel({ engagementId, query }: { engagementId: number; query: TAsValuesQuery }) {
  const { t } = useTranslation('keyPeople');
  const values = useKeyPeopleAsValues(engagementId, query);
  const errorTexts = useKeyPeopleErrorTexts();
  if (values.isError) return <AnalyticsLoadProblem error={values.error} onRetry={() => void values.refetch()} texts={errorTexts} />;
  if (!values.data) return <CenteredLoader label={t('values.recalculating')} />;
  return (
    <Box pos="relative" data-testid="as-values-results" data-stale={values.isPlaceholderData ? 'true' : 'false'}>
      <LoadingOverlay visible={values.isPlaceholderData} overlayProps={{ blur: 1 }} loaderProps={{ size: 'md' }} />
      <AsValuesResults values={values.data} />
    </Box>
  );
}
