import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactorScorePanel } from './factor-score-panel.tsx';
import { LeaderReportLayout } from './leader-report-layout.tsx';
import { PRESTIGE_PARTS } from './leader-report-pages.ts';
import { SubScoreList } from './sub-score-list.tsx';

/** prestige.html: the prestige score and its four parts. */
export function LeaderReportPrestigePage() {
  const { t } = useTranslation('leaderReport');
  return (
    <LeaderReportLayout page="prestige">
      {(report) => (
        <Stack gap="md">
          <FactorScorePanel factor="prestige" score={report.result.prestige.score} />
          <SubScoreList
            title={t('prestige.parts')}
            factor="prestige"
            parts={PRESTIGE_PARTS.map((part) => ({ key: part, label: t(`prestige.${part}.label`), hint: t(`prestige.${part}.hint`), score: report.result.prestige[part] }))}
          />
        </Stack>
      )}
    </LeaderReportLayout>
  );
}
