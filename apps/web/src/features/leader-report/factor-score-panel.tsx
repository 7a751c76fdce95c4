import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLeaderFactor } from './leader-report-pages.ts';
import { ScoreBar } from './score-bar.tsx';

/** The head of a factor page: the factor's score, what it measures and how to read the scale. */
export function FactorScorePanel({ factor, score }: { factor: TLeaderFactor; score: number | null }) {
  const { t } = useTranslation('leaderReport');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <ScoreBar label={t(`pages.${factor}`)} score={score} hint={t(`factors.${factor}`)} testId={`leader-score-${factor}`} size="lg" />
        <Text c="dimmed" fz="xs">
          {t('scale')}
        </Text>
      </Stack>
    </Paper>
  );
}
