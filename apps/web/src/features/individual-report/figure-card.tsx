import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';

type TFigureCardProps = {
  label: string;
  /** The figure as shown; '–' when withheld. */
  value: string;
  help: string;
  testId: string;
  /** A verdict badge (within the limit, too many…), when the figure has one. */
  verdict?: { text: string; alarming: boolean } | null;
  /** A bar drawn against the limit, 0..100, with the limit's own caption. */
  bar?: { percent: number; caption: string } | null;
};

/** One figure of the report: its number, what it means, and how it stands against its limit. */
export function FigureCard({ label, value, help, testId, verdict, bar }: TFigureCardProps) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`${testId}-card`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {verdict && (
            <Badge color={verdict.alarming ? 'red' : 'teal'} variant="light" style={{ textTransform: 'none', flexShrink: 0 }} data-testid={`${testId}-verdict`} data-alarming={verdict.alarming}>
              {verdict.text}
            </Badge>
          )}
        </Group>
        <Text fz={30} fw={700} lh={1.1} data-testid={testId}>
          {value}
        </Text>
        {bar && (
          <Stack gap={2}>
            <Progress value={bar.percent} color={verdict?.alarming ? 'red' : 'brand'} size="sm" aria-hidden="true" />
            <Text fz="xs" c="dimmed">
              {bar.caption}
            </Text>
          </Stack>
        )}
        <Text fz="sm" c="dimmed">
          {help}
        </Text>
      </Stack>
    </Paper>
  );
}
