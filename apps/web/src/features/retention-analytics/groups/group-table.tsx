import { Badge, Group, ScrollArea, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { TGroupRow } from '@ona/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/format-date.ts';
import { activeLocale } from '../../../shared/i18n/i18n.ts';
import type { TRetentionPageContext } from '../retention-layout.tsx';
import { RiskLevelBadge } from '../risk-level-badge.tsx';
import { useWithheldReasonText } from '../../../shared/ui/withheld-reason-note.tsx';

/** One row per group: who leads it, how many are affected, and each dysfunction with its sentence. */
export function GroupTable({ rows, context }: { rows: readonly TGroupRow[]; context: TRetentionPageContext }) {
  const { t } = useTranslation('retention');
  const reasonText = useWithheldReasonText();
  const locale = activeLocale();
  const { data, lookups } = context;
  return (
    <ScrollArea type="auto">
      <Table striped highlightOnHover miw={760} verticalSpacing="sm" data-testid="group-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('groups.group')}</Table.Th>
            <Table.Th ta="right">{t('groups.peopleAffected')}</Table.Th>
            <Table.Th>{t('groups.dysfunctions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const leader = lookups.employeeById.get(row.leader.id);
            return (
              <Table.Tr key={row.leader.id} data-testid="group-row" data-withheld={row.withheld} data-reason={row.withheld_reason?.code}>
                <Table.Td w={260}>
                  <Text fw={600} fz="sm">
                    {row.group_name}
                  </Text>
                  <Group gap={6} mt={2}>
                    <Text fz="xs" c="dimmed">
                      {t('groups.size')}: {formatNumber(row.size, locale)}
                    </Text>
                    {leader && <RiskLevelBadge level={leader.risk_level} explanations={data.explanations} size="sm" />}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" w={140} data-testid="group-people-affected">
                  {row.withheld ? (
                    <Tooltip label={reasonText(row.withheld_reason) ?? t('withheldHint')} multiline w={260}>
                      <Text fz="sm" c="dimmed" component="span" tabIndex={0}>
                        {t('withheld')}
                      </Text>
                    </Tooltip>
                  ) : (
                    <Text fw={700} fz="sm" component="span">
                      {formatNumber(row.people_affected, locale)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={6}>
                    {row.dysfunctions.map((dysfunction) => (
                      <div key={`${dysfunction.code}-${dysfunction.factor ?? ''}`} data-testid="group-dysfunction" data-code={dysfunction.code}>
                        <Group gap={6}>
                          <Badge color="red" variant="light" tt="none" fw={600}>
                            {t(`codes.dysfunctions.${dysfunction.code}`)}
                          </Badge>
                          {dysfunction.factor && (
                            <Badge color="orange" variant="outline" tt="none" fw={500}>
                              {t(`codes.riskFactors.${dysfunction.factor}`)}
                            </Badge>
                          )}
                        </Group>
                        <Text fz="xs" c="dimmed" mt={2}>
                          {dysfunction.explanation}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
