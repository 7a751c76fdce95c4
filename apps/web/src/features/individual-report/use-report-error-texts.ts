import { useTranslation } from 'react-i18next';
import type { TAnalyticsProblemTexts } from '../../shared/ui/analytics-load-problem.tsx';

/** The module's words for the analytics states every individual report page may meet. */
export function useReportErrorTexts(): TAnalyticsProblemTexts {
  const { t } = useTranslation('individualReport');
  return {
    notReadyTitle: t('errors.notReadyTitle'),
    notReady: t('errors.notReadyMessage'),
    forbidden: t('errors.noAccessMessage'),
  };
}
