import { useTranslation } from 'react-i18next';

/** The module's words for the analytics states (no analysis yet, no access) of both views. */
export function useKeyPeopleErrorTexts() {
  const { t } = useTranslation('keyPeople');
  return {
    notReadyTitle: t('errors.notReadyTitle'),
    notReadyMessage: t('errors.notReadyMessage'),
    noAccessTitle: t('errors.noAccessTitle'),
    noAccessMessage: t('errors.noAccessMessage'),
  };
}
