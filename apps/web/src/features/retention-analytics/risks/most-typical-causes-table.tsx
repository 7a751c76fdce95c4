import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import type { TRetentionPageContext } from '../retention-layout.tsx';
import { formatShare } from '../share-format.ts';
import { WithheldNotice } from '../withheld-notice.tsx';
import { EmptyList } from './empty-list.tsx';

export function MostTypicalCausesTable({ data }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  const causes = data.results.most_typical_causes;
  if (causes.withheld || causes.items === null) return <WithheldNotice reason={causes.withheld_reason} />;
  if (causes.items.length === 0) return <EmptyList />;
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={720} data-testid="most-typical-causes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('risks.causes.factor')}</Table.Th>
            <Table.Th ta="right">{t('risks.causes.count')}</Table.Th>
            <Table.Th ta="right">{t('risks.causes.share')}</Table.Th>
            <Table.Th ta="right">{t('risks.causes.shareOfAtRisk')}</Table.Th>
            <Table.Th ta="right">{t('risks.causes.highRisk')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {causes.items.map((cause) => (
            <Table.Tr key={cause.factor} data-testid="cause-row" data-factor={cause.factor}>
              <Table.Td maw={420}>
                <Text fw={600} fz="sm">
                  {t(`codes.riskFactors.${cause.factor}`)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {cause.explanation}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="cause-count">
                {formatNumber(cause.count, locale)}
              </Table.Td>
              <Table.Td ta="right">{formatShare(cause.share, locale)}</Table.Td>
              <Table.Td ta="right">{formatShare(cause.share_of_at_risk, locale)}</Table.Td>
              <Table.Td ta="right">{formatNumber(cause.high_risk_count, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
