import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/format-date.ts';
import { activeLocale } from '../../shared/i18n/i18n.ts';
import { FigureCard } from './figure-card.tsx';
import { barAgainstLimit, formatShare, HIGH_INFLUENCE_SHARE, MUTUAL_LIMIT, TURNING_TO_YOU_LIMIT } from './report-figures.ts';
import { ReportLayout } from './report-layout.tsx';

/**
 * manageability.html: whether the load on the person is manageable. Turning to you and mutual
 * relationships are drawn against their limits (§9: 20 and 15); influence against 40%.
 */
export function ManageabilityPage() {
  const { t, i18n } = useTranslation('individualReport');
  const locale = activeLocale();
  return (
    <ReportLayout page="manageability">
      {(report) => {
        const influence = report.influence_share;
        return (
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              {t('manageability.intro')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <FigureCard
                label={t('figures.turningToYou')}
                value={formatNumber(report.turning_to_you, locale)}
                help={t('figures.turningToYouHelp')}
                testId="manageability-turning-to-you"
                verdict={{ text: report.turning_to_you_too_many ? t('figures.tooMany') : t('figures.withinLimit'), alarming: report.turning_to_you_too_many }}
                bar={{ percent: barAgainstLimit(report.turning_to_you, TURNING_TO_YOU_LIMIT), caption: t('figures.limit', { limit: formatNumber(TURNING_TO_YOU_LIMIT, locale) }) }}
              />
              <FigureCard
                label={t('figures.mutual')}
                value={formatNumber(report.mutual_relationships, locale)}
                help={t('figures.mutualHelp')}
                testId="manageability-mutual"
                verdict={{ text: report.mutual_too_many ? t('figures.tooMany') : t('figures.withinLimit'), alarming: report.mutual_too_many }}
                bar={{ percent: barAgainstLimit(report.mutual_relationships, MUTUAL_LIMIT), caption: t('figures.limit', { limit: formatNumber(MUTUAL_LIMIT, locale) }) }}
              />
              <FigureCard
                label={t('figures.influence')}
                value={influence === null ? '–' : formatShare(influence, i18n.language)}
                help={report.influence_withheld || influence === null ? t('figures.influenceWithheld') : t('figures.influenceHelp')}
                testId="manageability-influence"
                verdict={report.influence_high === null ? null : { text: report.influence_high ? t('figures.high') : t('figures.notHigh'), alarming: false }}
                bar={
                  influence === null
                    ? null
                    : { percent: barAgainstLimit(influence, HIGH_INFLUENCE_SHARE), caption: t('figures.limit', { limit: formatShare(HIGH_INFLUENCE_SHARE, i18n.language) }) }
                }
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </ReportLayout>
  );
}
