import { useTranslation } from 'react-i18next';
import type { TAnalyticsProblemTexts } from '../../shared/ui/analytics-load-problem.tsx';

/** The module's words for the analytics states (no analysis yet, no access) of both views. */
export function useKeyPeopleErrorTexts(): TAnalyticsProblemTexts {
  const { t } = useTranslation('keyPeople');
  return {
    notReadyTitle: t('errors.notReadyTitle'),
    notReady: t('errors.notReadyMessage'),
    forbidden: t('errors.noAccessMessage'),
  };
}
