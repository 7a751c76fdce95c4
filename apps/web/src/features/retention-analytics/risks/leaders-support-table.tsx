import { List, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import type { TRetentionPageContext } from '../retention-layout.tsx';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { EmptyList } from './empty-list.tsx';

export function LeadersSupportTable({ data, lookups }: TRetentionPageContext) {
  const { t } = useTranslation('retention');
  const locale = activeLocale();
  // The most reasons first: the leaders who need help on several fronts.
  const leaders = [...data.results.leaders_in_need_of_support].sort((a, b) => b.reasons.length - a.reasons.length || b.neglected.length - a.neglected.length || lookups.employeeName(a.leader).localeCompare(lookups.employeeName(b.leader)));
  if (leaders.length === 0) return <EmptyList />;
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={760} data-testid="leaders-in-need-of-support">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('risks.leaders.leader')}</Table.Th>
            <Table.Th ta="right">{t('risks.leaders.span')}</Table.Th>
            <Table.Th>{t('risks.leaders.neglected')}</Table.Th>
            <Table.Th>{t('risks.leaders.reasons')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leaders.map((row) => {
            const leader = lookups.employeeById.get(row.leader);
            return (
              <Table.Tr key={row.leader} data-testid="leader-row">
                <Table.Td>
                  <Text fw={600} fz="sm">
                    {leader?.name ?? '–'}
                  </Text>
                  {leader && <RiskLevelBadge level={leader.risk_level} explanations={data.explanations} size="sm" />}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(row.span, locale)}</Table.Td>
                <Table.Td>
                  <Text fz="sm">{row.neglected.length === 0 ? '–' : row.neglected.map((id) => lookups.employeeName(id) || '–').join(', ')}</Text>
                </Table.Td>
                <Table.Td maw={420}>
                  <List size="sm" spacing={2}>
                    {row.reasons.map((reason) => (
                      <List.Item key={reason}>{t(`risks.leaders.reason.${reason}`)}</List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
