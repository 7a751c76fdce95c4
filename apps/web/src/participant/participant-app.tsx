import { Button, Container, Paper, Stack, Text } from '@mantine/core';
import { mountForPath, type TRouteSetMount } from '@ona/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { TakeSurveyPage } from '../features/instant-survey/take-survey-page.tsx';
import { participantPage, useParticipantLocation } from '../features/instant-survey/take/participant-location.ts';
import { RouteSetProvider } from '../shared/routing/route-set-context.tsx';
import { CenteredLoader } from '../shared/ui/centered-loader.tsx';
import { MAIN_CONTENT_ID } from '../shared/ui/skip-link.tsx';

// Shown once, at the end: fetched only then.
const ThankYouPage = lazy(() => import('../features/instant-survey/thank-you-page.tsx').then((m) => ({ default: m.ThankYouPage })));

function UnknownPage({ home }: { home: string }) {
  const { t } = useTranslation('instantSurvey');
  return (
    <Container component="main" id={MAIN_CONTENT_ID} size="sm" py="xl" px="md">
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="md">
          <Text fw={600} data-testid="survey-not-found">{t('takeSurvey.notFound')}</Text>
          <Button component="a" href={home} variant="light">{t('takeSurvey.back')}</Button>
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * The participant's two pages, chosen from the address alone (participant-location.ts): the
 * server sends participant.html only for take-survey/… under the instant-survey route set.
 */
export function ParticipantApp({ mounts }: { mounts: readonly TRouteSetMount[] }) {
  const { t } = useTranslation('instantSurvey');
  const location = useParticipantLocation();
  const mount = mountForPath(mounts, location.pathname) ?? { name: 'instant-survey', base: '/' };
  const page = participantPage(location.pathname.slice(mount.base.length));
  return (
    <RouteSetProvider value={{ mount, mounts }}>
      <Suspense fallback={<CenteredLoader label={t('loading')} />}>
        {page.page === 'take' && <TakeSurveyPage key={page.surveyId} surveyId={page.surveyId} />}
        {page.page === 'thank-you' && <ThankYouPage />}
        {page.page === 'unknown' && <UnknownPage home={`${mount.base}login.html`} />}
      </Suspense>
    </RouteSetProvider>
  );
}
