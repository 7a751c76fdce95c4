import { Alert, Anchor, Button, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useErrorMessage } from '../../shared/ui/error-state.tsx';
import { notify } from '../../shared/notifications/notify.ts';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import { Icon } from '../../shared/ui/icon.tsx';
import { NotFoundContent } from '../../shared/ui/not-found-content.tsx';
import { useEngagementId } from '../engagements/engagement-id.ts';
import { useHierarchy } from '../engagements/use-hierarchy.ts';
import { ColleaguePicker } from './colleague-picker.tsx';
import { finishSurvey, useSurveyQueryKey, type TEmployeeSurvey } from './survey-api.ts';
import { SurveyFrame } from './survey-frame.tsx';
import { orderedQuestions, parseQuestionPage, selectedFor } from './survey-progress.ts';
import { canAnswer } from './survey-window.ts';
import { useAnswerSaver, useSaveStatus } from './use-answer-saver.ts';

function SaveStatus({ engagementId, questionId, onRetry }: { engagementId: number; questionId: number; onRetry: () => void }) {
  const { t } = useTranslation('survey');
  const status = useSaveStatus(engagementId, questionId);
  return (
    <Group gap={6} data-testid="save-status" data-status={status} role="status" aria-live="polite" mih={28}>
      {status === 'saving' && <Loader size={14} />}
      {status === 'saved' && <Icon name="check" size={16} />}
      <Text fz="sm" c={status === 'failed' ? 'red.7' : status === 'offline' ? undefined : 'dimmed'} fw={status === 'offline' ? 600 : undefined}>
        {t(`save.${status}`)}
      </Text>
      {status === 'failed' && (
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          {t('save.retry')}
        </Button>
      )}
    </Group>
  );
}

function Question({ survey, engagementId, page }: { survey: TEmployeeSurvey; engagementId: number; page: number }) {
  const { t } = useTranslation('survey');
  const path = useRoutePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const surveyKey = useSurveyQueryKey(engagementId);
  const errorMessage = useErrorMessage();
  const { save, retry, settle } = useAnswerSaver(engagementId);
  const { data: units = [] } = useHierarchy(engagementId);
  const questions = orderedQuestions(survey);
  const question = questions[page - 1];

  const finish = useMutation({
    mutationFn: async () => {
      if (!(await settle())) throw new Error('unsaved');
      await finishSurvey(engagementId);
    },
    onSuccess: async () => {
      queryClient.setQueryData<TEmployeeSurvey>(surveyKey, (current) => (current ? { ...current, finished: true } : current));
      await navigate(path(`engagements/${engagementId}/survey/finish.html`));
    },
    onError: (error) => notify('error', error instanceof Error && error.message === 'unsaved' ? t('save.finishBlocked') : errorMessage(error)),
  });

  if (!question) return <NotFoundContent homePath={`engagements/${engagementId}/survey/intro.html`} />;
  if (!survey.terms_accepted) return <Navigate to={path(`engagements/${engagementId}/survey/intro.html`)} replace />;

  const editable = canAnswer(survey);
  const selected = selectedFor(survey, question.id);
  const isLast = page === questions.length;
  const pageUrl = (n: number) => path(`engagements/${engagementId}/survey/question_${n}.html`);
  // Moving on without choosing anyone answers "nobody": the server then remembers this question
  // as reached, so the survey resumes after it.
  const recordIfUnanswered = () => {
    const answered = survey.answers.some((answer) => answer.question === question.id && answer.answered);
    if (editable && !answered) save(question.id, []);
  };

  return (
    <Stack gap="md" data-testid="survey-question" data-question-id={question.id} data-page={page}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fz="sm" c="dimmed" fw={600} data-testid="question-counter">
            {t('question.counter', { current: page, total: questions.length })}
          </Text>
          <Anchor component={Link} to={path(`engagements/${engagementId}/survey/overview.html`)} fz="sm" data-testid="survey-overview-link">
            {t('question.overviewLink')}
          </Anchor>
        </Group>
        <Progress value={(page / questions.length) * 100} size="sm" aria-label={t('question.counter', { current: page, total: questions.length })} />
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Title order={1} fz={{ base: 20, sm: 24 }} lh={1.3} data-testid="question-title">
          {question.text}
        </Title>
        <Text c="dimmed" fz="sm" mt={6}>
          {t('question.instructions')}
        </Text>
      </Paper>
      {!editable && (
        <Alert color="gray" variant="light" role="status" data-testid="survey-readonly">
          {t('question.closedReadonly')}
        </Alert>
      )}
      <ColleaguePicker
        colleagues={survey.available_users}
        units={units}
        selected={selected}
        onChange={(next) => save(question.id, next)}
        disabled={!editable}
        resetKey={question.id}
      />
      <SaveStatus engagementId={engagementId} questionId={question.id} onRetry={() => retry(question.id)} />
      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<Icon name="arrowLeft" size={16} />}
          component={Link}
          to={page > 1 ? pageUrl(page - 1) : path(`engagements/${engagementId}/survey/intro.html`)}
          data-testid="survey-previous"
        >
          {t('question.previous')}
        </Button>
        {isLast ? (
          editable ? (
            <Button
              onClick={() => {
                recordIfUnanswered();
                finish.mutate();
              }}
              loading={finish.isPending}
              data-testid="survey-finish"
            >
              {t('question.finish')}
            </Button>
          ) : (
            <Button component={Link} to={path(`engagements/${engagementId}/survey/overview.html`)} data-testid="survey-finish">
              {t('question.overviewLink')}
            </Button>
          )
        ) : (
          <Button component={Link} to={pageUrl(page + 1)} onClick={recordIfUnanswered} rightSection={<Icon name="chevronRight" size={16} />} data-testid="survey-next">
            {t('question.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** question_{n}.html: one question at a time, every change saved at once. */
export function SurveyQuestionPage() {
  const { t } = useTranslation('survey');
  const page = parseQuestionPage(useParams().surveyPage);
  // The unit tree is asked for beside the survey (the frame's), not after it: one round trip less
  // before the question shows on a slow connection (docs/first-loads.md).
  useHierarchy(useEngagementId());
  if (page === null) return <NotFoundContent homePath="engagements/list.html" />;
  return (
    <SurveyFrame pageTitle={t('question.pageTitle', { current: page })}>
      {(survey, engagementId) => <Question survey={survey} engagementId={engagementId} page={page} />}
    </SurveyFrame>
  );
}
