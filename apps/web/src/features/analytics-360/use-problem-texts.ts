import { useTranslation } from 'react-i18next';
import type { TAnalyticsProblemTexts } from '../../shared/ui/analytics-load-problem.tsx';

export function useAnalytics360ProblemTexts(): TAnalyticsProblemTexts {
  const { t } = useTranslation('analytics360');
  return { notReadyTitle: t('unavailable.notReadyTitle'), notReady: t('unavailable.notReady'), forbidden: t('unavailable.forbidden') };
}
