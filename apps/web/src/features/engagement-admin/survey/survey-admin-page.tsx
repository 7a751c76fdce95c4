import { Alert, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import { notify } from '../../../shared/notifications/notify.ts';
import { useRoutePath } from '../../../shared/routing/route-set-context.tsx';
import { useErrorMessage } from '../../../shared/ui/error-state.tsx';
import { AdminFrame, QueryState } from '../admin-frame.tsx';
import { adminKeys, createSurvey, surveyOverviewQuery } from '../admin-api.ts';
import { AnalysisRunner } from './analysis-runner.tsx';
import { InvitationSender } from './invitation-sender.tsx';
import { QuestionnaireEditor } from './questionnaire-editor.tsx';

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} lts={0.3}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {formatNumber(value, activeLocale())}
      </Text>
    </Paper>
  );
}

function SurveyAdmin({ engagementId }: { engagementId: number }) {
  const { t } = useTranslation('admin');
  const path = useRoutePath();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const overview = useQuery(surveyOverviewQuery(engagementId));
  const create = useMutation({
    mutationFn: () => createSurvey(engagementId),
    onSuccess: async (result) => {
      queryClient.setQueryData(surveyOverviewQuery(engagementId).queryKey, result);
      notify('success', t('survey.created'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.all(engagementId) });
    },
    onError: (error) => notify('error', errorMessage(error)),
  });

  if (!overview.data) return <QueryState error={overview.error} isError={overview.isError} onRetry={() => void overview.refetch()} loadingLabel={t('survey.loading')} />;
  const data = overview.data;
  const locale = activeLocale();

  return (
    <Stack gap="lg">
      {data.survey_created_at === null ? (
        <Alert color="blue" variant="light" title={t('survey.notCreatedTitle')} data-testid="survey-not-created">
          <Text fz="sm" mb="sm">
            {t('survey.notCreated')}
          </Text>
          <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="create-survey">
            {t('survey.create')}
          </Button>
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed" data-testid="survey-created">
          {t('survey.createdAt', { date: formatDate(data.survey_created_at, locale), from: formatDate(data.access_from, locale), till: formatDate(data.access_till, locale) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Figure label={t('survey.figures.participants')} value={data.participant_count} testId="survey-participants" />
        <Figure label={t('survey.figures.withEmail')} value={data.participants_with_email} testId="survey-with-email" />
        <Figure label={t('survey.figures.invited')} value={data.invited_count} testId="survey-invited" />
        <Figure label={t('survey.figures.started')} value={data.terms_accepted_count} testId="survey-started" />
        <Figure label={t('survey.figures.answered')} value={data.answered_count} testId="survey-answered" />
        <Figure label={t('survey.figures.finished')} value={data.finished_count} testId="survey-finished-count" />
      </SimpleGrid>
      <Button component={Link} to={path(`engagements/${engagementId}/survey-statistics/overview.html`)} variant="subtle" w="fit-content">
        {t('stats.open')}
      </Button>
      <QuestionnaireEditor engagementId={engagementId} questionnaire={data.questionnaire} />
      <InvitationSender engagementId={engagementId} overview={data} />
      <AnalysisRunner engagementId={engagementId} />
    </Stack>
  );
}

/** survey/overview.html: questions, creation, invitations and the analysis run. */
export function SurveyAdminPage() {
  const { t } = useTranslation('admin');
  return <AdminFrame title={t('pages.surveyOverview.title')}>{(engagement) => <SurveyAdmin engagementId={engagement.id} />}</AdminFrame>;
}
