import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { SurveyFrame } from './survey-frame.tsx';

/** finish.html: the thank-you page with a way back to the journey. */
export function SurveyFinishPage() {
  const { t } = useTranslation(['survey', 'common']);
  const path = useRoutePath();
  return (
    <SurveyFrame pageTitle={t('finish.title')}>
      {(_survey, engagementId) => (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto" mt="lg" data-testid="survey-thank-you">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" color="teal" variant="light">
              <Icon name="check" size={34} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('finish.title')}
            </Title>
            <Text c="dimmed">{t('finish.message')}</Text>
            <Group justify="center" gap="sm">
              <Button component={Link} to={path(`engagements/${engagementId}.html`)} leftSection={<Icon name="arrowLeft" size={16} />} data-testid="back-to-journey">
                {t('common:nav.backToJourney')}
              </Button>
              <Button component={Link} to={path(`engagements/${engagementId}/survey/overview.html`)} variant="default">
                {t('overview.title')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </SurveyFrame>
  );
}
