import { Paper, Stack, Text } from '@mantine/core';
import type { TGraphNamedBy, TGraphQuestion } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';

/**
 * Below all_access the ties naming the reader are not drawn (nobody below all_access learns who
 * named them): how many named them, in the category shown, is told here as counts only.
 */
export function NamedByNote({ namedBy, questions }: { namedBy: TGraphNamedBy; questions: readonly TGraphQuestion[] }) {
  const { t } = useTranslation('confidentiality');
  const locale = activeLocale();
  const labelOf = new Map(questions.map((q) => [q.id, q.label] as const));
  return (
    <Paper withBorder radius="md" p="sm" shadow="xs" data-testid="graph-named-by" aria-label={t('namedBy.title')}>
      <Stack gap={4}>
        <Text fw={600} fz="sm" data-testid="graph-named-by-count">
          {t('namedBy.count', { count: formatNumber(namedBy.people, locale) })}
        </Text>
        {namedBy.by_question.length > 0 && (
          <Text fz="xs" c="dimmed">
            {t('namedBy.byQuestion')}:{' '}
            {namedBy.by_question.map((q) => t('namedBy.question', { question: labelOf.get(q.question_id) ?? String(q.question_id), count: formatNumber(q.count, locale) })).join(' · ')}
          </Text>
        )}
        <Text fz="xs" c="dimmed">
          {t('namedBy.note')}
        </Text>
      </Stack>
    </Paper>
  );
}
