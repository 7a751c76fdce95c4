import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoutePath } from '../../shared/routing/route-set-context.tsx';
import type { TEmployeeSurvey } from './survey-api.ts';
import { SurveyFrame } from './survey-frame.tsx';
import { orderedQuestions, resumePage, selectedFor } from './survey-progress.ts';
import { canAnswer } from './survey-window.ts';

function Overview({ survey, engagementId }: { survey: TEmployeeSurvey; engagementId: number }) {
  const { t } = useTranslation('survey');
  const path = useRoutePath();
  const names = useMemo(
    () => new Map([...survey.selected_users, ...survey.available_users].map((colleague) => [colleague.id, colleague.name])),
    [survey.selected_users, survey.available_users],
  );
  const questions = orderedQuestions(survey);
  const editable = canAnswer(survey) && survey.terms_accepted;
  const answeredCount = questions.filter((question) => selectedFor(survey, question.id).length > 0).length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t('overview.title')}
          </Title>
          <Text c="dimmed" fz="sm" data-testid="overview-summary">
            {t('overview.summary', { answered: answeredCount, total: questions.length })}
          </Text>
        </Stack>
        {editable && (
          <Button component={Link} to={path(`engagements/${engagementId}/survey/question_${resumePage(survey)}.html`)} data-testid="overview-continue">
            {t('intro.continue')}
          </Button>
        )}
      </Group>
      {questions.map((question, position) => {
        const chosen = selectedFor(survey, question.id);
        return (
          <Paper key={question.id} withBorder radius="lg" p="md" data-testid="overview-question" data-question-id={question.id}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {position + 1}. {question.text}
              </Text>
              {editable && (
                <Anchor component={Link} to={path(`engagements/${engagementId}/survey/question_${position + 1}.html`)} fz="sm" style={{ flexShrink: 0 }}>
                  {t('overview.edit')}
                </Anchor>
              )}
            </Group>
            {chosen.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('overview.noAnswer')}
              </Text>
            ) : (
              <Group gap={6}>
                {chosen.map((id) => (
                  <Badge key={id} variant="light" tt="none" size="lg" fw={500} data-testid="overview-answer">
                    {names.get(id) ?? `#${id}`}
                  </Badge>
                ))}
              </Group>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** overview.html: every question with my answers. */
export function SurveyOverviewPage() {
  const { t } = useTranslation('survey');
  return <SurveyFrame pageTitle={t('overview.title')} withBack>{(survey, engagementId) => <Overview survey={survey} engagementId={engagementId} />}</SurveyFrame>;
}
