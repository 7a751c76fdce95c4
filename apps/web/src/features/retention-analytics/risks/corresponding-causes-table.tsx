import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import type { TRetentionPageContext } from '../retention-layout.tsx';
import { formatLift, formatShare } from '../share-format.ts';
import { WithheldNotice } from '../withheld-notice.tsx';
import { EmptyList } from './empty-list.tsx';

export function CorrespondingCausesTable({ data }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  const pairs = data.results.corresponding_causes;
  if (pairs.withheld || pairs.items === null) return <WithheldNotice reason={pairs.withheld_reason} />;
  if (pairs.items.length === 0) return <EmptyList />;
  // Most frequent pairs first; the lift tells whether they go together beyond chance.
  const rows = [...pairs.items].sort((a, b) => b.count - a.count || b.lift - a.lift);
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={680} data-testid="corresponding-causes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('risks.pairs.pair')}</Table.Th>
            <Table.Th ta="right">{t('risks.pairs.count')}</Table.Th>
            <Table.Th ta="right">{t('risks.pairs.support')}</Table.Th>
            <Table.Th ta="right">{t('risks.pairs.lift')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((pair) => (
            <Table.Tr key={pair.factors.join('+')} data-testid="pair-row">
              <Table.Td>
                {pair.factors.map((factor) => (
                  <Text key={factor} fz="sm" title={data.explanations.risk_factors[factor]}>
                    {t(`codes.riskFactors.${factor}`)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(pair.count, locale)}</Table.Td>
              <Table.Td ta="right">{formatShare(pair.support, locale)}</Table.Td>
              <Table.Td ta="right" fw={pair.lift > 1 ? 700 : undefined}>
                {formatLift(pair.lift, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
