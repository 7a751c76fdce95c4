import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { characterTypeRows, formatScore } from './report-figures.ts';
import { ReportLayout } from './report-layout.tsx';

/** personal-character.html: the five character types (§3), each a 1..10 score and how many named the person. */
export function PersonalCharacterPage() {
  const { t, i18n } = useTranslation('individualReport');
  return (
    <ReportLayout page="personal-character">
      {(report) => (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('character.intro')}
          </Text>
          {characterTypeRows(report).map((row) => (
            <Paper key={row.code} withBorder radius="lg" p="md" data-testid="character-type" data-code={row.code} data-strongest={row.strongest}>
              <Group justify="space-between" wrap="wrap" gap="xs" mb={6}>
                <Group gap="xs">
                  <Text fw={600}>{t(`character.types.${row.code}`)}</Text>
                  {row.strongest && (
                    <Badge color="orange" variant="light" size="sm" style={{ textTransform: 'none' }}>
                      {t('character.strongest')}
                    </Badge>
                  )}
                </Group>
                <Group gap="md">
                  <Text fz="sm" c="dimmed" data-testid="character-type-nominations" data-count={row.nominations}>
                    {t('character.namedBy', { count: row.nominations })}
                  </Text>
                  <Text fw={700} fz="lg" data-testid="character-type-score" aria-label={`${t('character.score')}: ${formatScore(row.score, i18n.language)}`}>
                    {formatScore(row.score, i18n.language)}
                  </Text>
                </Group>
              </Group>
              {/* A score of 1 is the scale's floor, so the bar starts there: 1 → empty, 10 → full. */}
              <Progress value={((row.score - 1) / 9) * 100} color={row.strongest ? 'orange' : 'brand'} size="md" aria-hidden="true" />
              <Text fz="sm" c="dimmed" mt={6}>
                {t(`character.typeHelp.${row.code}`)}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </ReportLayout>
  );
}
