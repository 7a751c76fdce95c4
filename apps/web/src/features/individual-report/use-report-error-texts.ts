import { useTranslation } from 'react-i18next';

/** The module's words for the analytics states every individual report page may meet. */
export function useReportErrorTexts() {
  const { t } = useTranslation('individualReport');
  return {
    notReadyTitle: t('errors.notReadyTitle'),
    notReadyMessage: t('errors.notReadyMessage'),
    noAccessTitle: t('errors.noAccessTitle'),
    noAccessMessage: t('errors.noAccessMessage'),
  };
}
