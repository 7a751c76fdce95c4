import { Badge, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { INSTANT_MOODS } from '@ona/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { analyseSurvey } from '../survey-analysis.ts';
import { useSurveyOutlet } from './use-survey-outlet.ts';
import { LabelledProgress } from '../../../shared/ui/labelled-progress.tsx';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={testId}>
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const share = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 100) : 0);

/** The live analysis: who is chosen, who chose each other, who is alone, groups, moods, intensity, texts. */
export function AnalysisTab() {
  const { t } = useTranslation('instantSurvey');
  const { survey } = useSurveyOutlet();
  const analysis = analyseSurvey(survey);
  const none = (
    <Text c="dimmed" fz="sm">
      {t('analysis.none')}
    </Text>
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Section title={t('analysis.mostChosen')} testId="analysis-most-chosen">
        {analysis.mostChosen.length === 0 ? none : (
          <List spacing={4} type="ordered">
            {analysis.mostChosen.map((p) => (
              <List.Item key={p.id}>
                {p.name} <Text span c="dimmed" fz="sm">({t('analysis.chosenTimes', { count: p.count })})</Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('analysis.mutualPairs')} testId="analysis-mutual">
        {analysis.mutualPairs.length === 0 ? none : (
          <List spacing={4}>
            {analysis.mutualPairs.map((pair) => (
              <List.Item key={`${pair.a.id}-${pair.b.id}`}>
                {pair.a.name} ⇄ {pair.b.name}
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('analysis.isolated')} testId="analysis-isolated">
        {analysis.isolated.length === 0 ? none : (
          <Group gap={6}>
            {analysis.isolated.map((p) => (
              <Badge key={p.id} variant="light" color="gray">
                {p.name}
              </Badge>
            ))}
          </Group>
        )}
      </Section>
      {analysis.groups.map((question) => (
        <Section key={question.questionId} title={`${t('analysis.groups')}: ${question.label}`} testId="analysis-groups">
          <Stack gap="xs">
            {question.options.map((option) => (
              <div key={option.id}>
                <Text fw={600} fz="sm">
                  {option.label}
                </Text>
                <Text fz="sm" c={option.members.length ? undefined : 'dimmed'}>
                  {option.members.length ? option.members.map((m) => m.name).join(', ') : '—'}
                </Text>
              </div>
            ))}
          </Stack>
        </Section>
      ))}
      {analysis.moods.map((question) => (
        <Section key={question.questionId} title={`${t('analysis.moods')}: ${question.label}`} testId="analysis-moods">
          <Stack gap={6}>
            {INSTANT_MOODS.map((mood) => (
              <div key={mood}>
                <Group justify="space-between" fz="sm">
                  <Text fz="sm">{t(`moods.${mood}`)}</Text>
                  <Text fz="sm" c="dimmed">{t('analysis.votes', { count: question.counts[mood] })}</Text>
                </Group>
                <LabelledProgress value={share(question.counts[mood], question.total)} label={t(`moods.${mood}`)} />
              </div>
            ))}
          </Stack>
        </Section>
      ))}
      {analysis.intensities.map((question) => (
        <Section key={question.questionId} title={`${t('analysis.intensity')}: ${question.label}`} testId="analysis-intensity">
          <Stack gap={6}>
            {question.options.map((option) => (
              <div key={option.id}>
                <Group justify="space-between">
                  <Text fz="sm">{option.label}</Text>
                  <Text fz="sm" c="dimmed">{t('analysis.votes', { count: option.count })}</Text>
                </Group>
                <LabelledProgress value={share(option.count, question.total)} color="grape" label={option.label} />
              </div>
            ))}
          </Stack>
        </Section>
      ))}
      {analysis.scaling.map((question) => {
        const total = question.options.reduce((sum, o) => sum + o.points, 0);
        return (
          <Section key={question.questionId} title={`${t('analysis.points')}: ${question.label}`} testId="analysis-points">
            <Stack gap={6}>
              {question.options.map((option) => (
                <div key={option.id}>
                  <Group justify="space-between">
                    <Text fz="sm">{option.label}</Text>
                    <Text fz="sm" c="dimmed">{t('answers.points', { points: option.points })}</Text>
                  </Group>
                  <LabelledProgress value={share(option.points, total)} color="orange" label={option.label} />
                </div>
              ))}
            </Stack>
          </Section>
        );
      })}
      {analysis.texts.map((question) => (
        <Section key={question.questionId} title={`${t('analysis.texts')}: ${question.label}`} testId="analysis-texts">
          {question.answers.length === 0 ? none : (
            <Stack gap="xs">
              {question.answers.map((a) => (
                <Text key={a.participantId} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>{a.name}:</Text> {a.text}
                </Text>
              ))}
            </Stack>
          )}
        </Section>
      ))}
    </SimpleGrid>
  );
}
