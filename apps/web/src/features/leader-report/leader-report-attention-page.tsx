import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactorScorePanel } from './factor-score-panel.tsx';
import { LeaderReportLayout } from './leader-report-layout.tsx';
import { ATTENTION_PARTS } from './leader-report-pages.ts';
import { SubScoreList } from './sub-score-list.tsx';

/** attention.html: the attention score and its four parts. */
export function LeaderReportAttentionPage() {
  const { t } = useTranslation('leaderReport');
  return (
    <LeaderReportLayout page="attention">
      {(report) => (
        <Stack gap="md">
          <FactorScorePanel factor="attention" score={report.result.attention.score} />
          <SubScoreList
            title={t('attention.parts')}
            factor="attention"
            parts={ATTENTION_PARTS.map((part) => ({ key: part, label: t(`attention.${part}.label`), hint: t(`attention.${part}.hint`), score: report.result.attention[part] }))}
          />
        </Stack>
      )}
    </LeaderReportLayout>
  );
}
