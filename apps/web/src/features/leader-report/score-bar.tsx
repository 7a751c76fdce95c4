import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCEPT_LANGUAGE } from '@ona/contracts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { formatScore, SCORE_BAND_COLORS, scoreBand, scorePercent } from './leader-score.ts';
import { LabelledProgress } from '../../shared/ui/labelled-progress.tsx';

type TScoreBarProps = {
  label: string;
  score: number | null;
  hint?: string;
  /** `data-testid` of the number, for the browser tests. */
  testId: string;
  size?: 'md' | 'lg';
};

/** One score on the 1–10 scale: the number, its band and a bar; a withheld score says so. */
export function ScoreBar({ label, score, hint, testId, size = 'md' }: TScoreBarProps) {
  const { t } = useTranslation('leaderReport');
  const band = score === null ? null : scoreBand(score);
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
        <Text fw={600} fz={size === 'lg' ? 'lg' : 'sm'} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Group gap={8} wrap="nowrap" align="baseline">
          {band && (
            <Badge size="sm" variant="light" color={SCORE_BAND_COLORS[band]}>
              {t(`band.${band}`)}
            </Badge>
          )}
          <Text fw={700} fz={size === 'lg' ? 28 : 'lg'} lh={1} data-testid={testId} aria-label={score === null ? t('withheldScore') : undefined}>
            {formatScore(score, ACCEPT_LANGUAGE[activeLocale()])}
          </Text>
          <Text c="dimmed" fz="xs">
            / 10
          </Text>
        </Group>
      </Group>
      <LabelledProgress
        value={score === null ? 0 : scorePercent(score)}
        color={band ? SCORE_BAND_COLORS[band] : 'gray'}
        size={size === 'lg' ? 'lg' : 'md'}
        radius="xl"
        label={label}
      />
      {hint && (
        <Text c="dimmed" fz="xs">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
