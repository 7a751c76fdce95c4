import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { PlaceholderPage } from '../../shared/ui/placeholder-page.tsx';

/** Where Join lands; answering arrives with the instant-survey issue. */
export function TakeSurveyPage() {
  const { t } = useTranslation('instantSurvey');
  const path = useRoutePath();
  return (
    <Container size="md" py="xl">
      <PlaceholderPage title={t('takeSurvey.title')} message={t('takeSurvey.placeholder')} back={{ to: path('login.html'), label: t('takeSurvey.back') }} />
    </Container>
  );
}
