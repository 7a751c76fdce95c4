import { useTranslation } from 'react-i18next';
import type { TAnalyticsProblemTexts } from '../../shared/ui/analytics-load-problem.tsx';

export function useLeaderReportProblemTexts(): TAnalyticsProblemTexts {
  const { t } = useTranslation('leaderReport');
  return { notReadyTitle: t('unavailable.notReadyTitle'), notReady: t('unavailable.notReady'), forbidden: t('unavailable.forbidden') };
}
