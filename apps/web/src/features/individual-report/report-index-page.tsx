import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { FigureCard } from './figure-card.tsx';
import { ReportLayout } from './report-layout.tsx';

/** index.html: the three headline figures of the spec (§3): mentioning you, turn to you, mutual relationships. */
export function ReportIndexPage() {
  const { t } = useTranslation('individualReport');
  const locale = activeLocale();
  return (
    <ReportLayout page="index">
      {(report) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <FigureCard label={t('figures.mentioningYou')} value={formatNumber(report.mentioning_you, locale)} help={t('figures.mentioningYouHelp')} testId="figure-mentioning-you" />
          <FigureCard label={t('figures.turningToYou')} value={formatNumber(report.turning_to_you, locale)} help={t('figures.turningToYouHelp')} testId="figure-turning-to-you" />
          <FigureCard label={t('figures.mutual')} value={formatNumber(report.mutual_relationships, locale)} help={t('figures.mutualHelp')} testId="figure-mutual" />
        </SimpleGrid>
      )}
    </ReportLayout>
  );
}
