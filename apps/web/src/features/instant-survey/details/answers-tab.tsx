import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TInstantAnswer, TInstantQuestion } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { useSurveyOutlet } from './use-survey-outlet.ts';

/** Every answer, question by question, as it arrives. */
export function AnswersTab() {
  const { t } = useTranslation('instantSurvey');
  const { survey } = useSurveyOutlet();
  const names = new Map(survey.participants.map((p) => [p.id, p.name]));
  const nameOf = (id: number) => names.get(id) ?? '?';

  const describe = (question: TInstantQuestion, answer: TInstantAnswer): string => {
    const option = (id: number) => question.options.find((o) => o.id === id)?.label ?? '?';
    const value = answer.value;
    switch (value.type) {
      case 'user_select':
        return value.selected_users.length ? value.selected_users.map(nameOf).join(', ') : t('answers.nobody');
      case 'options':
        return value.groups.filter((g) => g.users.length).map((g) => `${option(g.option_id)}: ${g.users.map(nameOf).join(', ')}`).join(' · ');
      case 'mood_select':
        return t(`moods.${value.mood}`);
      case 'intensity_select':
        return option(value.option_id);
      case 'freetext':
        return value.text;
      case 'scaling':
        return value.points.map((p) => `${option(p.option_id)}: ${t('answers.points', { points: p.points })}`).join(' · ');
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Text fw={600} mb="xs">
          {t('surveys.participants')}
        </Text>
        <Stack gap={6} data-testid="participants-list">
          {survey.participants.map((p) => (
            <Text key={p.id} fz="sm" data-testid="participant-name">
              {p.name}{' '}
              <Badge size="xs" variant="light" color={p.finished ? 'teal' : p.joined ? 'blue' : 'gray'}>
                {p.finished ? t('answers.finished') : p.joined ? t('answers.joined') : t('answers.waiting')}
              </Badge>
            </Text>
          ))}
        </Stack>
      </Paper>
      {survey.answers.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text ta="center" c="dimmed" data-testid="answers-empty">
            {t('answers.empty')}
          </Text>
        </Paper>
      ) : (
        survey.questions.map((question, index) => {
          const answers = survey.answers.filter((a) => a.question_id === question.id);
          return (
            <Paper key={question.id} withBorder radius="lg" p="md" data-testid="answers-question">
              <Title order={3} fz="md" mb="sm">
                {index + 1}. {question.label}
              </Title>
              {answers.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {t('answers.empty')}
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={400}>
                  <Table verticalSpacing={6}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w="30%">{t('answers.participant')}</Table.Th>
                        <Table.Th>{t('answers.answer')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {answers.map((answer) => (
                        <Table.Tr key={answer.id} data-testid="answer-row">
                          <Table.Td>{nameOf(answer.participant_id)}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{describe(question, answer)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
