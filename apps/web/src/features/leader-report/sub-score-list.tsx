import { Paper, Stack, Title } from '@mantine/core';
import { ScoreBar } from './score-bar.tsx';

type TSubScore = { key: string; label: string; hint: string; score: number | null };

/** The sub-scores a factor is built from (attention, prestige), each on the same 1–10 scale. */
export function SubScoreList({ title, factor, parts }: { title: string; factor: string; parts: readonly TSubScore[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      <Stack gap="lg">
        {parts.map((part) => (
          <ScoreBar key={part.key} label={part.label} hint={part.hint} score={part.score} testId={`leader-subscore-${factor}-${part.key}`} />
        ))}
      </Stack>
    </Paper>
  );
}
