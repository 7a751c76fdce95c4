import { Alert, Box, Button, Checkbox, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { acceptTerms, useSurveyQueryKey, type TEmployeeSurvey } from './survey-api.ts';
import { SurveyFrame } from './survey-frame.tsx';
import { resumePage } from './survey-progress.ts';
import { surveyPeriod } from './survey-window.ts';

function Intro({ survey, engagementId }: { survey: TEmployeeSurvey; engagementId: number }) {
  const { t } = useTranslation('survey');
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = useSurveyQueryKey(engagementId);
  const errorMessage = useErrorMessage();
  const [consent, setConsent] = useState(survey.terms_accepted);
  const locale = activeLocale();
  const period = surveyPeriod(survey);
  const hasQuestions = survey.questions.length > 0;
  const resume = resumePage(survey);

  const start = useMutation({
    mutationFn: async () => {
      if (!survey.terms_accepted) await acceptTerms(engagementId, survey.privacy_notice?.version);
    },
    onSuccess: async () => {
      queryClient.setQueryData<TEmployeeSurvey>(key, (current) => (current ? { ...current, terms_accepted: true } : current));
      await navigate(path(`engagements/${engagementId}/survey/question_${resume}.html`));
    },
    onError: async (error) => {
      notify('error', errorMessage(error));
      // The notice may have changed since the page loaded (409): show the version now in force.
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });

  const startable = consent && survey.is_open && hasQuestions;
  const resuming = survey.finished || (survey.terms_accepted && survey.answers.some((answer) => answer.answered || answer.seen));

  return (
    <Stack gap="lg" maw={760}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="md" variant="light">
              <Icon name="survey" size={24} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {t('intro.title')}
            </Title>
          </Group>
          <Text>{t('intro.lead')}</Text>
          <List spacing={6} size="sm" icon={<Icon name="check" size={16} />}>
            <List.Item>{t('intro.howQuestions', { count: survey.questions.length })}</List.Item>
            <List.Item>{t('intro.howChoose')}</List.Item>
            <List.Item>{t('intro.howSaved')}</List.Item>
            <List.Item>{t('intro.howPeriod', { from: formatDate(survey.access_from, locale), till: formatDate(survey.access_till, locale) })}</List.Item>
          </List>
          <Text fz="sm" c="dimmed">
            {t('intro.privacy')}
          </Text>
        </Stack>
      </Paper>
      {survey.finished && (
        <Alert color="teal" variant="light" role="status" data-testid="survey-finished">
          <Text fz="sm" mb="xs">
            {t('intro.alreadyFinished')}
          </Text>
          <Button size="xs" variant="white" component={Link} to={path(`engagements/${engagementId}/survey/overview.html`)}>
            {t('overview.title')}
          </Button>
        </Alert>
      )}
      {!survey.is_open && (
        <Alert color="yellow" variant="light" role="alert" data-testid="survey-not-open">
          {period === 'upcoming' ? t('intro.upcoming', { from: formatDate(survey.access_from, locale) }) : t('intro.closed')}
        </Alert>
      )}
      {!hasQuestions && (
        <Alert color="yellow" variant="light" role="alert">
          {t('intro.noQuestions')}
        </Alert>
      )}
      {(survey.is_open || !survey.finished) && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            {survey.privacy_notice && (
              <Stack gap={6} data-testid="privacy-notice">
                <Title order={2} fz="md" id="privacy-notice-title">
                  {t('intro.noticeTitle', { version: survey.privacy_notice.version })}
                </Title>
                {/* A long notice scrolls in its own focusable region, so keyboard users can read all of it. */}
                <Box role="region" tabIndex={0} aria-labelledby="privacy-notice-title" mah={280} style={{ overflowY: 'auto' }}>
                  <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="privacy-notice-text">
                    {survey.privacy_notice.text}
                  </Text>
                </Box>
              </Stack>
            )}
            <Checkbox
              checked={consent}
              disabled={survey.terms_accepted}
              onChange={(event) => setConsent(event.currentTarget.checked)}
              label={t('intro.consent')}
              data-testid="consent-checkbox"
            />
            <Group justify="flex-end">
              <Button size="md" disabled={!startable} loading={start.isPending} onClick={() => start.mutate()} data-testid="survey-start">
                {resuming ? t('intro.continue') : t('intro.start')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** intro.html: the privacy consent must be ticked before Start (spec §5). */
export function SurveyIntroPage() {
  const { t } = useTranslation('survey');
  return <SurveyFrame pageTitle={t('intro.title')} withBack>{(survey, engagementId) => <Intro survey={survey} engagementId={engagementId} />}</SurveyFrame>;
}
